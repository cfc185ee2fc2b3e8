import type { checkpointStore } from "@platform/actor-runtime";

/** The loop no longer holds its subscription's lease (another process took it, or the position was moved under it). */
export class LeaseLost extends Error {}

/**
 * A subscription's checkpoint, written behind its deliveries one write at a time: each write
 * takes the latest position asked for, so a delivery never waits for one, and a process that
 * dies sends again at most what was delivered during its last write. Every write names the
 * lease holder and the position it moves from: one that finds either changed is lost.
 */
export const createCheckpointWriter = (
  checkpoints: ReturnType<typeof checkpointStore>,
  name: string,
  owner: () => string,
) => {
  let persisted: string | null = null;
  let wanted: string | null = null;
  let moving: Promise<void> | undefined;
  let lost = false;
  return {
    /** Where the checkpoint stands (after `settled`, where it was asked to go). */
    get position() {
      return wanted ?? persisted;
    },
    get stored() {
      return persisted;
    },
    /** The position a claim of the lease found. */
    reset(position: string | null) {
      persisted = position;
      wanted = null;
      lost = false;
    },
    moveTo(position: string) {
      if (lost) throw new LeaseLost();
      wanted = position;
      moving ??= (async () => {
        while (wanted !== persisted && !lost) {
          const to = wanted!;
          if (await checkpoints.move(name, owner(), persisted, to)) persisted = to;
          else lost = true;
        }
      })().finally(() => {
        moving = undefined;
      });
    },
    /** Waits for the writes asked for; throws LeaseLost when one found the lease or the position gone. */
    async settled() {
      await moving;
      if (lost) throw new LeaseLost();
    },
    /** After a failure: lets a write in progress end, forgetting what was asked. */
    async abandon() {
      await moving?.catch(() => undefined);
      wanted = null;
      lost = false;
    },
  };
};
