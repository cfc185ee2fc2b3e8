import { CompiledQuery } from "kysely";
import { traced } from "@platform/kernel";
import type { Database } from "@platform/db";
import type { RecordedEvent } from "@platform/event-store";
import { moveCheckpointSql, moveParams } from "./checkpoints.ts";
import type { checkpointStore } from "./checkpoints.ts";
import type { createLagWindow } from "./lag-window.ts";
import type { Projection, Reactor } from "./types.ts";

/** This process no longer holds the follower's lease: another took it over. */
export class LeaseLost extends Error {}

/** What applying a batch needs to know of a follower. */
export type Applied = {
  readonly name: string;
  readonly kind: "projection" | "reactor";
  readonly projection?: Projection;
  readonly reactor?: Reactor;
  readonly lag: ReturnType<typeof createLagWindow>;
};

/** How a follower's batch is applied with its checkpoint, by the lease holder `owner`. */
export const createBatchApplier = (db: Database, checkpoints: ReturnType<typeof checkpointStore>, owner: string) => {
  /**
   * A `statement` projection's write and the checkpoint update as one statement (atomic by
   * itself): the write in a WITH, the update beside it, and rt_require_checkpoint aborting
   * the whole unless the update moved this follower's row from `persisted`.
   */
  const applyAsOneStatement = async (
    name: string,
    build: NonNullable<Projection["statement"]>,
    persisted: string | null,
    last: string,
    relevant: readonly RecordedEvent[],
  ) => {
    const write = relevant.length > 0 ? await build(db.kysely, relevant) : null;
    const n = write?.parameters.length ?? 0;
    const checkpoint = `${moveCheckpointSql(n + 1)} RETURNING 1`;
    const text = write
      ? `WITH w AS (${write.sql}), cp AS (${checkpoint}) SELECT rt_require_checkpoint((SELECT count(*) FROM cp)) AS ok`
      : `WITH cp AS (${checkpoint}) SELECT rt_require_checkpoint((SELECT count(*) FROM cp)) AS ok`;
    try {
      await db.kysely.executeQuery(
        CompiledQuery.raw(text, [...(write?.parameters ?? []), ...moveParams(name, owner, persisted, last)]),
      );
    } catch (error) {
      if ((error as { message?: string }).message === "RT_LEASE_LOST") throw new LeaseLost();
      throw error;
    }
  };

  /**
   * Applies a page's events after `persisted` and moves the stored checkpoint to its end (`last`); false when the lease
   * was lost.
   */
  const applyBatch = (
    f: Applied,
    persisted: string | null,
    last: string,
    relevant: readonly RecordedEvent[],
  ): Promise<boolean> =>
    traced(`${f.kind} batch`, { "follower.name": f.name, "events.count": relevant.length }, () =>
      applyOne(f, persisted, last, relevant),
    );

  const applyOne = async (
    f: Applied,
    persisted: string | null,
    last: string,
    relevant: readonly RecordedEvent[],
  ): Promise<boolean> => {
    if (f.kind === "projection") {
      const p = f.projection!;
      if (p.statement) await applyAsOneStatement(f.name, p.statement, persisted, last, relevant);
      else
        await db.kysely.transaction().execute(async (trx) => {
          if (relevant.length > 0) await p.apply(trx, relevant);
          const r = await trx.executeQuery(
            CompiledQuery.raw(moveCheckpointSql(), moveParams(f.name, owner, persisted, last)),
          );
          if (Number(r.numAffectedRows ?? 0) !== 1) throw new LeaseLost();
        });
      const now = Date.now();
      for (const e of relevant) {
        const at = Date.parse(e.metadata.at);
        if (!Number.isNaN(at)) f.lag.add(now - at);
      }
      return true;
    }
    for (const e of relevant) await f.reactor!.handle(e);
    return checkpoints.move(f.name, owner, persisted, last);
  };
  return applyBatch;
};
