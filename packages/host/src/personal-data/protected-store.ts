import type { AppendOptions, EventStore, KeyClaim, NewEvent, RecordedEvent } from "@platform/event-store";
import { lookupHash, open, seal } from "./cipher.ts";
import type { SubjectKeys } from "./subject-keys.ts";

/**
 * What of the log is personal: event type → dot paths of its data's personal fields; natural-key scopes whose values
 * are.
 */
export type PersonalDataPolicy = {
  readonly fields: ReadonlyMap<string, readonly string[]>;
  readonly lookupScopes: ReadonlySet<string>;
};

/** The stored data's member that holds the sealed personal fields (base64 of nonce, tag, ciphertext). */
export const SEALED = "$pd";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const aadOf = (streamId: string, type: string) => `${streamId}\0${type}`;

/** Paths split once: a read opens every sealed event it returns. */
const splitPaths = new Map<string, readonly string[]>();
const partsOf = (path: string) => {
  let parts = splitPaths.get(path);
  if (!parts) splitPaths.set(path, (parts = path.split(".")));
  return parts;
};

const parentOf = (data: Json, path: string): [Json, string] | undefined => {
  const parts = partsOf(path);
  let node: unknown = data;
  for (let i = 0; i < parts.length - 1; i++)
    node = isObject(node) && Object.hasOwn(node, parts[i]!) ? node[parts[i]!] : undefined;
  return isObject(node) ? [node, parts[parts.length - 1]!] : undefined;
};

/**
 * The data with its personal fields null and sealed beside them under the subject's key; as it is when it holds none.
 */
export const sealFields = (data: unknown, paths: readonly string[], key: Buffer, aad: string): unknown => {
  if (!isObject(data)) return data;
  // The caller keeps its event (the runtime folds it): only the objects on the paths are copied, each once.
  const copy: Json = { ...data };
  const copies = new Set<Json>([copy]);
  const values: Json = {};
  for (const path of paths) {
    const parts = partsOf(path);
    let node: Json | undefined = copy;
    for (let i = 0; node && i < parts.length - 1; i++) {
      const child: unknown = Object.hasOwn(node, parts[i]!) ? node[parts[i]!] : undefined;
      if (!isObject(child)) node = undefined;
      else if (copies.has(child)) node = child;
      else copies.add((node = node[parts[i]!] = { ...child }));
    }
    const last = parts[parts.length - 1]!;
    if (!node || !Object.hasOwn(node, last) || node[last] === null) continue;
    values[path] = node[last];
    node[last] = null;
  }
  if (Object.keys(values).length === 0) return data;
  return { ...copy, [SEALED]: seal(key, Buffer.from(JSON.stringify(values)), aad).toString("base64") };
};

/** The data with its sealed fields back in place; undefined when the key is gone (they stay null). */
export const openFields = (data: Json, key: Buffer | null, aad: string): Json | undefined => {
  if (!key) return undefined;
  const values = JSON.parse(open(key, Buffer.from(data[SEALED] as string, "base64"), aad).toString()) as Json;
  // The rows are this read's own (fresh from the store): filled in place.
  delete data[SEALED];
  for (const path in values) {
    const at = parentOf(data, path);
    if (at) at[0][at[1]] = values[path];
  }
  return data;
};

/**
 * The event store as every context sees it: personal fields are sealed on append under the
 * stream's own key and opened on read, so deciders, projections, journals and the ops CLI
 * read plain values while the key exists, and `null` with `erased: true` once it is destroyed.
 * Personal natural keys (an email) are stored and looked up as keyed hashes.
 */
export const protectPersonalData = (
  store: EventStore,
  policy: PersonalDataPolicy,
  keys: SubjectKeys,
  lookup: Buffer,
): EventStore => {
  const hashClaims = (claims: readonly KeyClaim[] | undefined) =>
    claims?.map((c) =>
      policy.lookupScopes.has(c.scope) ? { scope: c.scope, key: lookupHash(lookup, c.scope, c.key) } : c,
    );

  const reveal = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const sealedOf = (e: RecordedEvent) =>
      policy.fields.has(e.type) && isObject(e.data) && typeof e.data[SEALED] === "string";
    const sealed = events.filter(sealedOf);
    if (sealed.length === 0) return events;
    const held = keys.keysOf(sealed.map((e) => e.streamId));
    const found = held instanceof Map ? held : await held;
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
  const appendAll = store.appendAll?.bind(store);
  return {
    ...store,
    // Used for new streams without personal fields (a batch of jobs): their key claims hashed as append's are.
    ...(appendAll
      ? {
          appendAll: (appends) => {
            if (appends.some((a) => a.events.some((e) => policy.fields.has(e.type))))
              throw new Error("appendAll takes no events with personal fields");
            return appendAll(
              appends.map((a) => ({
                ...a,
                options: a.options && {
                  ...a.options,
                  reserveKeys: hashClaims(a.options.reserveKeys),
                  releaseKeys: hashClaims(a.options.releaseKeys),
                },
              })),
            );
          },
        }
      : {}),
    async append(streamId: string, events: readonly NewEvent[], options?: AppendOptions) {
      let opts =
        options && (options.reserveKeys || options.releaseKeys)
          ? { ...options, reserveKeys: hashClaims(options.reserveKeys), releaseKeys: hashClaims(options.releaseKeys) }
          : options;
      if (!events.some((e) => policy.fields.has(e.type))) return append(streamId, events, opts);
      // A new stream's key goes in with its first events (one transaction); any other is read or made first.
      const empty = options?.expectedVersion === "no_stream" || options?.expectedVersion === 0;
      const fresh =
        empty && store.inlineWrites && keys.cachedKey(streamId) === undefined ? keys.fresh(streamId) : undefined;
      const key = fresh?.key ?? (await keys.keyFor(streamId));
      if (fresh)
        opts = {
          ...opts,
          inline: [
            ...(opts?.inline ?? []),
            { fn: "pd_subject_keys_rows", arg: { subject: streamId, wrapped: fresh.wrapped.toString("base64") } },
          ],
        };
      const stored = events.map((e) => {
        const paths = policy.fields.get(e.type);
        return paths ? { ...e, data: sealFields(e.data, paths, key, aadOf(streamId, e.type)) } : e;
      });
      const result = await append(streamId, stored, opts);
      if (fresh) keys.adopt(streamId, fresh.key);
      return result;
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
    lookupKey: (scope, key) =>
      store.lookupKey(scope, policy.lookupScopes.has(scope) ? lookupHash(lookup, scope, key) : key),
  };
};
