import { randomBytes } from "node:crypto";
import type { Database } from "@platform/db";
import type { Logger } from "../logger.ts";
import { lookupHash } from "./cipher.ts";
import { SEALED, sealFields } from "./protected-store.ts";
import type { PersonalDataPolicy } from "./protected-store.ts";
import type { SubjectKeys } from "./subject-keys.ts";

const BATCH = 500;

/**
 * Rewrites, in place, what the log held before its fields or keys were marked personal (the
 * PostgreSQL and embedded stores only; a KurrentDB log cannot be rewritten): each event's
 * personal fields are sealed under its stream's key, each personal natural key replaced by its
 * keyed hash. In batches of 500 rows, each one statement, so a start that is stopped half-way
 * goes on where it was at the next, and two processes starting together each write a row at
 * most once (the second finds it sealed). Runs once per event type and key scope (`pd_sealed`).
 */
export const sealExisting = async (
  db: Database,
  policy: PersonalDataPolicy,
  keys: SubjectKeys,
  lookup: Buffer,
  log: Logger,
): Promise<void> => {
  const { rows } = await db.pool.query<{ what: string }>("SELECT what FROM pd_sealed");
  const done = new Set(rows.map((r) => r.what));
  const types = [...policy.fields.keys()].filter((t) => !done.has(`event:${t}`));
  const scopes = [...policy.lookupScopes].filter((s) => !done.has(`key:${s}`));
  if (types.length === 0 && scopes.length === 0) return;
  let events = 0;
  for (let after = "0"; ; ) {
    const { rows: page } = await db.pool.query<{ pos: string; stream_id: string; type: string; data: unknown }>(
      `SELECT global_position::text AS pos, stream_id, type, data FROM es_events
        WHERE global_position > $1 AND type = ANY($2) AND NOT (data ? '${SEALED}')
        ORDER BY global_position LIMIT ${BATCH}`,
      [after, types],
    );
    const sealed: { pos: string; data: string }[] = [];
    for (const r of page) {
      // A subject erased already gets its fields sealed under a key nobody keeps: they read erased.
      const key = await keys.keyFor(r.stream_id).catch(() => randomBytes(32));
      const data = sealFields(r.data, policy.fields.get(r.type)!, key, `${r.stream_id}\0${r.type}`);
      if (data !== r.data) sealed.push({ pos: r.pos, data: JSON.stringify(data) });
    }
    // One statement per batch; a row another process sealed meanwhile is left as it sealed it.
    if (sealed.length)
      events += (
        await db.pool.query(
          `UPDATE es_events AS e SET data = v.data
             FROM (SELECT unnest($1::bigint[]) AS pos, unnest($2::jsonb[]) AS data) AS v
            WHERE e.global_position = v.pos AND NOT (e.data ? '${SEALED}')`,
          [sealed.map((s) => s.pos), sealed.map((s) => s.data)],
        )
      ).rowCount;
    if (page.length < BATCH) break;
    after = page.at(-1)!.pos;
  }
  let claims = 0;
  for (const scope of scopes) {
    for (;;) {
      const { rows: page } = await db.pool.query<{ key: string }>(
        `SELECT key FROM es_keys WHERE scope = $1 AND NOT starts_with(key, 'hmac:') LIMIT ${BATCH}`,
        [scope],
      );
      if (page.length)
        claims += (
          await db.pool.query(
            "UPDATE es_keys AS k SET key = v.hashed FROM (SELECT unnest($2::text[]) AS key, " +
              "unnest($3::text[]) AS hashed) AS v WHERE k.scope = $1 AND k.key = v.key",
            [scope, page.map((r) => r.key), page.map((r) => lookupHash(lookup, scope, r.key))],
          )
        ).rowCount;
      if (page.length < BATCH) break;
    }
  }
  await db.pool.query("INSERT INTO pd_sealed (what) SELECT unnest($1::text[]) ON CONFLICT (what) DO NOTHING", [
    [...types.map((t) => `event:${t}`), ...scopes.map((s) => `key:${s}`)],
  ]);
  if (events || claims)
    log.info({ events, keys: claims }, "personal data stored before it was protected is now sealed");
};
