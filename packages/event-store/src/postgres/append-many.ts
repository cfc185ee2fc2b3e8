import type { InlineWrite, KeyClaim } from "../types.ts";

/**
 * The statement of a group commit (es_append_many, migrations 004–005) and its parameters: an
 * append waiting for its group, and the group as arrays (per append, per event, per key
 * claim, per inline write).
 */
export type PendingAppend = {
  readonly stream: string;
  readonly expected: string;
  readonly events: readonly { id: string; type: string; data: unknown; metadata: unknown; schemaVersion: number }[];
  readonly reserve: readonly KeyClaim[];
  readonly release: readonly KeyClaim[];
  readonly inline: readonly InlineWrite[];
};
export type AppendResult = { readonly nextExpectedVersion: number; readonly position: string };
export type Queued = {
  readonly item: PendingAppend;
  readonly resolve: (r: AppendResult) => void;
  readonly reject: (e: unknown) => void;
};

export type OutcomeRow = {
  idx: number;
  next_version: number | null;
  tx: string | null;
  pos: number | null;
  err: string | null;
  detail: string | null;
  hint: string | null;
};

/** A group as es_append_many's arrays (migrations 004–005): per append, per event, per key claim, per inline write. */
export const manyParams = (batch: readonly Queued[]): unknown[] => {
  const streams: string[] = [];
  const expected: string[] = [];
  const counts: number[] = [];
  const eventItems: number[] = [];
  const eventNs: number[] = [];
  const eventIds: string[] = [];
  const types: string[] = [];
  const schemas: number[] = [];
  const data: unknown[] = [];
  const metaOf: number[] = [];
  const metas: unknown[] = [];
  const metaIndex = new Map<unknown, number>();
  const keyItems: number[] = [];
  const keyScopes: string[] = [];
  const keyKeys: string[] = [];
  const keyReleases: boolean[] = [];
  const writeItems: number[] = [];
  const writeFns: string[] = [];
  const writeArgs: unknown[] = [];
  batch.forEach(({ item }, i) => {
    const n = i + 1;
    streams.push(item.stream);
    expected.push(item.expected);
    counts.push(item.events.length);
    item.events.forEach((e, j) => {
      eventItems.push(n);
      eventNs.push(j + 1);
      eventIds.push(e.id);
      types.push(e.type);
      schemas.push(e.schemaVersion);
      data.push(e.data);
      // The events of one append usually share one metadata object: sent once.
      let m = metaIndex.get(e.metadata);
      if (m === undefined) {
        m = metas.push(e.metadata) - 1;
        metaIndex.set(e.metadata, m);
      }
      metaOf.push(m);
    });
    for (const [claims, release] of [
      [item.release, true],
      [item.reserve, false],
    ] as const) {
      for (const c of claims) {
        keyItems.push(n);
        keyScopes.push(c.scope);
        keyKeys.push(c.key);
        keyReleases.push(release);
      }
    }
    for (const w of item.inline) {
      writeItems.push(n);
      writeFns.push(w.fn);
      writeArgs.push(w.arg);
    }
  });
  return [
    streams,
    expected,
    counts,
    eventItems,
    eventNs,
    eventIds,
    types,
    schemas,
    JSON.stringify(data),
    metaOf,
    JSON.stringify(metas),
    keyItems,
    keyScopes,
    keyKeys,
    keyReleases,
    writeItems,
    writeFns,
    JSON.stringify(writeArgs),
  ];
};
export const APPEND_MANY = `SELECT idx, next_version, tx, pos, err, detail, hint FROM es_append_many(
  $1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::uuid[], $7::text[], $8::int[], $9::jsonb, $10::int[],
  $11::jsonb, $12::int[], $13::text[], $14::text[], $15::boolean[], $16::int[], $17::text[], $18::jsonb)`;
