/**
 * Appends committed together: the appends asked for while earlier groups are still being
 * committed wait and go as one group (one statement, one WAL flush) when a group ends, the
 * way PostgreSQL's own group commit and a database's leader–follower log writers work. A
 * quiet store commits each append at once (in the next turn of the event loop, with whatever
 * else that turn asked for); a busy one commits larger groups, not more of them at once.
 */
export type GroupCommitOptions<T> = {
  /** Commits one group; settles every item's own outcome and never throws. */
  readonly commit: (group: readonly T[]) => Promise<void>;
  /** Most items in one group. */
  readonly maxGroup: number;
  /** Groups being committed at once. */
  readonly maxInFlight: number;
};

export const createGroupCommit = <T>(options: GroupCommitOptions<T>): { add(item: T): void } => {
  const { commit, maxGroup, maxInFlight } = options;
  /** Groups waiting for their turn, the last one still open. */
  const waiting: T[][] = [];
  let inFlight = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.shift()!;
      inFlight++;
      void commit(group).finally(() => {
        inFlight--;
        flush();
      });
    }
  };

  return {
    add(item) {
      const open = waiting.at(-1);
      if (open && open.length < maxGroup) open.push(item);
      else waiting.push([item]);
      // The rest of this turn's appends join the group before it goes.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
};
