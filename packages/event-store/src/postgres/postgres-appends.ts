import { newId } from "@platform/kernel";
import type { Database } from "@platform/db";
import { createGroupCommit } from "./group-commit.ts";
import { APPEND_MANY, manyParams } from "./append-many.ts";
import type { AppendResult, OutcomeRow, PendingAppend, Queued } from "./append-many.ts";
import { KeyConflictError, WrongExpectedVersionError } from "../errors.ts";
import { encodePosition } from "../position.ts";
import type { AppendOptions, NewEvent, StreamAppend } from "../types.ts";

/** What an inline write may name: a plain, unquoted SQL identifier. */
const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Most appends committed together (a minute's ten thousand scheduled jobs go in about forty groups). */
const MAX_GROUP = 256;
/** Groups of appends committed at once; more appends wait for one to end and join the next (group-commit.ts). */
const COMMITS_IN_FLIGHT = 1;

/**
 * The store's appends: each waits to join a group, committed as one statement; `committed`
 * hears the event types of each group that stored events.
 */
export const createPostgresAppends = (
  db: Database,
  commitsInFlight: number | undefined,
  committed: (types: readonly string[]) => void,
) => {
  /** A refusal of the whole statement, as the typed error of its one append (or as it is). */
  const asAppendError = (error: unknown, item: PendingAppend): unknown => {
    const e = error as { message?: string; detail?: string; hint?: string; code?: string; constraint?: string };
    if (e.message === "ES_KEY_TAKEN") return new KeyConflictError(e.detail ?? "", e.hint ?? "");
    if (e.message === "ES_WRONG_VERSION")
      return new WrongExpectedVersionError(item.stream, item.expected, Number(e.detail ?? -1));
    if (e.code === "23505" && e.constraint === "es_events_stream_id_version_key")
      return new WrongExpectedVersionError(item.stream, item.expected, -1);
    return error;
  };

  /**
   * Group commit (group-commit.ts): the appends of a group (a burst of requests, or those
   * asked for while the last group committed) go as one es_append_many, one round trip and one commit; each still gets
   * its own
   * outcome. When the server refuses a group of several as a whole (a key taken
   * concurrently, a deadlock, an inline write failing, two appends to one stream), nothing of
   * it was stored and each append runs again alone, in the order they were asked (the second
   * of two appends to one stream expects the version the first leaves), so one append's
   * failure is its own. A lost connection is not retried: whether it committed is unknown.
   */
  const commitGroup = async (batch: readonly Queued[]): Promise<void> => {
    let rows: OutcomeRow[];
    try {
      ({ rows } = await db.pool.query<OutcomeRow>(APPEND_MANY, manyParams(batch)));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const refusedByServer = typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
      const retryAlone = batch.length > 1 && refusedByServer;
      if (retryAlone) for (const q of batch) await commitGroup([q]);
      else for (const q of batch) q.reject(asAppendError(error, q.item));
      return;
    }
    const answered = new Set<number>();
    const types = new Set<string>();
    for (const r of rows) {
      const q = batch[r.idx - 1]!;
      answered.add(r.idx - 1);
      if (r.err === "ES_WRONG_VERSION")
        q.reject(new WrongExpectedVersionError(q.item.stream, q.item.expected, Number(r.detail)));
      else if (r.err === "ES_KEY_TAKEN") q.reject(new KeyConflictError(r.detail ?? "", r.hint ?? ""));
      else {
        for (const e of q.item.events) types.add(e.type);
        q.resolve({ nextExpectedVersion: r.next_version!, position: encodePosition(r.tx!, r.pos!) });
      }
    }
    batch.forEach((q, i) => answered.has(i) || q.reject(new Error("es_append_many gave no outcome for an append")));
    if (types.size === 0) return;
    committed([...types]);
  };

  const groups = createGroupCommit<Queued>({
    commit: commitGroup,
    maxGroup: MAX_GROUP,
    maxInFlight: commitsInFlight ?? COMMITS_IN_FLIGHT,
    maxFullInFlight: 2,
  });

  const pendingOf = (streamId: string, events: readonly NewEvent[], opts: AppendOptions = {}): PendingAppend => {
    if (events.length === 0) throw new Error("append needs at least one event");
    const item: PendingAppend = {
      stream: streamId,
      expected: String(opts.expectedVersion ?? "any"),
      events: events.map((e) => ({
        id: e.id ?? newId(),
        type: e.type,
        data: e.data ?? null,
        metadata: e.metadata,
        schemaVersion: e.schemaVersion ?? 1,
      })),
      reserve: opts.reserveKeys ?? [],
      release: opts.releaseKeys ?? [],
      inline: opts.inline ?? [],
    };
    for (const w of item.inline)
      if (!SQL_NAME.test(w.fn)) throw new Error(`inline write: '${w.fn}' is not a plain SQL function name`);
    return item;
  };

  const append = async (streamId: string, events: readonly NewEvent[], opts?: AppendOptions) => {
    const item = pendingOf(streamId, events, opts);
    return new Promise<AppendResult>((resolve, reject) => groups.add({ item, resolve, reject }));
  };

  /**
   * The appends as one es_append_many in a transaction of their own, outside the groups: the
   * first refused append (its outcome row, or the server's refusal of the statement) rolls
   * everything back and is thrown as its typed error.
   */
  const appendAll = async (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const items = appends.map((a) => pendingOf(a.streamId, a.events, a.options));
    if (items.length === 0) return [];
    const batch = items.map((item) => ({ item }) as Queued);
    const rows = await db.transaction(async (tx) => {
      let out: OutcomeRow[];
      try {
        ({ rows: out } = await tx.query<OutcomeRow>(APPEND_MANY, manyParams(batch)));
      } catch (error) {
        // The key taken names itself; a wrong version names its stream only when there is one.
        const typed = asAppendError(error, items[0]!);
        throw items.length === 1 || typed instanceof KeyConflictError ? typed : error;
      }
      const refused = out.find((r) => r.err !== null);
      if (refused) {
        const item = items[refused.idx - 1]!;
        throw refused.err === "ES_KEY_TAKEN"
          ? new KeyConflictError(refused.detail ?? "", refused.hint ?? "")
          : new WrongExpectedVersionError(item.stream, item.expected, Number(refused.detail));
      }
      return out;
    });
    committed([...new Set(items.flatMap((i) => i.events.map((e) => e.type)))]);
    const byIdx = new Map(rows.map((r) => [r.idx, r]));
    return items.map((_, i) => {
      const r = byIdx.get(i + 1);
      if (!r) throw new Error("es_append_many gave no outcome for an append");
      return { nextExpectedVersion: r.next_version!, position: encodePosition(r.tx!, r.pos!) };
    });
  };

  return { append, appendAll };
};
