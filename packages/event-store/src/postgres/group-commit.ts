/**
 * Appends committed together: the appends asked for while earlier groups are still being
 * committed wait and go as one group (one statement, one WAL flush) when a group ends, the
 * way PostgreSQL's own group commit and a database's leader–follower log writers work. A
 * quiet store commits each append at once (in the next turn of the event loop, with whatever
 * else that turn asked for); a busy one commits larger groups, not more of them at once.
 */
type GroupCommitOptions<T> = {
  /** Commits one group; settles every item's own outcome and never throws. */
  readonly commit: (group: readonly T[]) => Promise<void>;
  /** Most items in one group. */
  readonly maxGroup: number;
  /** Groups being committed at once. */
  readonly maxInFlight: number;
  /** Groups being committed at once when the next one is full (a backlog: the database's cores share it). */
  readonly maxFullInFlight?: number;
};

export const createGroupCommit = <T>(options: GroupCommitOptions<T>): { add(item: T): void } => {
  const { commit, maxGroup, maxInFlight } = options;
  const maxFullInFlight = Math.max(maxInFlight, options.maxFullInFlight ?? maxInFlight);
  /** Groups waiting for their turn, the last one still open. */
  const waiting: T[][] = [];
  let inFlight = 0;
  let scheduled = false;

  /** Whether the first waiting group may go now: a free slot, or a full group and room beside the one committing. */
  const mayGo = () =>
    waiting.length > 0 && (inFlight < maxInFlight || (inFlight < maxFullInFlight && waiting[0]!.length >= maxGroup));

  const flush = () => {
    scheduled = false;
    while (mayGo()) {
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
      if (!scheduled && mayGo()) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
};
