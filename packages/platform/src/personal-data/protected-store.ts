import type { AppendOptions, EventStore, KeyClaim, NewEvent, RecordedEvent } from "@platform/event-store";
import { lookupHash, open, seal } from "./cipher.ts";
import type { SubjectKeys } from "./subject-keys.ts";

/** What of the log is personal: event type → dot paths of its data's personal fields; natural-key scopes whose values are. */
export type PersonalDataPolicy = {
  readonly fields: ReadonlyMap<string, readonly string[]>;
  readonly lookupScopes: ReadonlySet<string>;
};

/** The stored data's member that holds the sealed personal fields (base64 of nonce, tag, ciphertext). */
export const SEALED = "$pd";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const aadOf = (streamId: string, type: string) => `${streamId}\0${type}`;

const parentOf = (data: Json, path: string): [Json, string] | undefined => {
  const parts = path.split(".");
  let node: unknown = data;
  for (const p of parts.slice(0, -1)) node = isObject(node) && Object.hasOwn(node, p) ? node[p] : undefined;
  return isObject(node) ? [node, parts.at(-1)!] : undefined;
};

/** The data with its personal fields null and sealed beside them under the subject's key; as it is when it holds none. */
export const sealFields = (data: unknown, paths: readonly string[], key: Buffer, aad: string): unknown => {
  if (!isObject(data)) return data;
  const copy = structuredClone(data);
  const values: Json = {};
  for (const path of paths) {
    const at = parentOf(copy, path);
    if (!at || !Object.hasOwn(at[0], at[1]) || at[0][at[1]] === null) continue;
    values[path] = at[0][at[1]];
    at[0][at[1]] = null;
  }
  if (Object.keys(values).length === 0) return data;
  return { ...copy, [SEALED]: seal(key, Buffer.from(JSON.stringify(values)), aad).toString("base64") };
};

/** The data with its sealed fields back in place; undefined when the key is gone (they stay null). */
export const openFields = (data: Json, key: Buffer | null, aad: string): Json | undefined => {
  const { [SEALED]: sealed, ...rest } = data;
  if (!key) return undefined;
  const values = JSON.parse(open(key, Buffer.from(sealed as string, "base64"), aad).toString()) as Json;
  for (const [path, value] of Object.entries(values)) {
    const at = parentOf(rest, path);
    if (at) at[0][at[1]] = value;
  }
  return rest;
};

/**
 * The event store as every context sees it: personal fields are sealed on append under the
 * stream's own key and opened on read, so deciders, projections, journals and the ops CLI
 * read plain values while the key exists, and `null` with `erased: true` once it is destroyed.
 * Personal natural keys (an email) are stored and looked up as keyed hashes.
 */
export const protectPersonalData = (store: EventStore, policy: PersonalDataPolicy, keys: SubjectKeys, lookup: Buffer): EventStore => {
  const hashClaims = (claims: readonly KeyClaim[] | undefined) =>
    claims?.map((c) => (policy.lookupScopes.has(c.scope) ? { scope: c.scope, key: lookupHash(lookup, c.scope, c.key) } : c));

  const reveal = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const sealedOf = (e: RecordedEvent) => policy.fields.has(e.type) && isObject(e.data) && typeof e.data[SEALED] === "string";
    const subjects = events.filter(sealedOf).map((e) => e.streamId);
    if (subjects.length === 0) return events;
    const found = await keys.keysOf(subjects);
    return events.map((e) => {
      if (!sealedOf(e)) return e;
      const data = e.data as Json;
      const opened = openFields(data, found.get(e.streamId) ?? null, aadOf(e.streamId, e.type));
      if (opened) return { ...e, data: opened };
      const { [SEALED]: _gone, ...erased } = data;
      return { ...e, data: erased, erased: true };
    });
  };

  const append = store.append.bind(store);
  return {
    ...store,
    async append(streamId: string, events: readonly NewEvent[], options?: AppendOptions) {
      const personal = events.some((e) => policy.fields.has(e.type));
      const key = personal ? await keys.keyFor(streamId) : undefined;
      const stored = key ? events.map((e) => { const paths = policy.fields.get(e.type); return paths ? { ...e, data: sealFields(e.data, paths, key, aadOf(streamId, e.type)) } : e; }) : events;
      const opts = options && (options.reserveKeys || options.releaseKeys) ? { ...options, reserveKeys: hashClaims(options.reserveKeys), releaseKeys: hashClaims(options.releaseKeys) } : options;
      return append(streamId, stored, opts);
    },
    readStream: async (streamId, options) => reveal(await store.readStream(streamId, options)),
    readStreams: async (requests) => {
      const lists = await store.readStreams(requests);
      const all = await reveal(lists.flat());
      let at = 0;
      return lists.map((l) => all.slice(at, (at += l.length)));
    },
    readAll: async (options) => reveal(await store.readAll(options)),
    readPage: async (options) => {
      const page = await store.readPage(options);
      return { ...page, events: await reveal(page.events) };
    },
    lookupKey: (scope, key) => store.lookupKey(scope, policy.lookupScopes.has(scope) ? lookupHash(lookup, scope, key) : key),
  };
};
