import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A request whose reads may go to a hot standby: a GET of the API, once its caller is authenticated (who may act is
 * always read on the primary). `after`: the WAL position a standby must have replayed before it may answer (the
 * caller's last write). Once the request writes, the rest of it reads on the primary, which holds what it wrote.
 */
export type ReadScope = {
  readonly after: bigint | undefined;
  /** A GET, or a request its route declared a query (readOnlyRequest): only these read on standbys. */
  readOnly: boolean;
  authenticated: boolean;
  wrote: boolean;
};

const scopes = new AsyncLocalStorage<ReadScope>();

/**
 * Runs `fn` as a request whose reads may go to a standby that has replayed `after` (see ReadScope): `readOnly` for a
 * GET; another method's route may declare itself a query with readOnlyRequest. Resolves with what `fn` did: whether
 * it wrote (or may have).
 */
export const withReadScope = async <T>(
  after: bigint | undefined,
  readOnly: boolean,
  fn: () => Promise<T>,
): Promise<{ result: T; wrote: boolean }> => {
  const scope: ReadScope = { after, readOnly, authenticated: false, wrote: false };
  const result = await scopes.run(scope, fn);
  return { result, wrote: scope.wrote || !scope.readOnly };
};

/** The current request only reads (a query sent as a POST, such as the graph's): it may read on a standby. */
export const readOnlyRequest = (): void => {
  const scope = scopes.getStore();
  if (scope) scope.readOnly = true;
};

/** The caller of the current request is known: its further reads may go to a standby. */
export const readsMayUseReplicas = (): void => {
  const scope = scopes.getStore();
  if (scope) scope.authenticated = true;
};

/** Only statements that cannot write: a plain SELECT (a `WITH` may hide an UPDATE; a function call may write). */
const READ_ONLY = /^\s*select\b/i;
const WRITES = new RegExp(
  "\\b(insert|update|delete|for\\s+(no\\s+key\\s+)?update|for\\s+(key\\s+)?share" +
    "|nextval|setval|es_append|pg_notify|pg_\\w*advisory\\w*)\\b",
  "i",
);

/**
 * Where a statement outside a transaction goes: the minimum position when a standby may answer it, or undefined for
 * the primary. A statement that may write sends the rest of its request to the primary.
 */
export const replicaReadOf = (text: string): { after: bigint } | undefined => {
  const scope = scopes.getStore();
  if (!scope || scope.wrote) return undefined;
  if (!READ_ONLY.test(text) || WRITES.test(text)) {
    scope.wrote = true;
    return undefined;
  }
  return scope.authenticated && scope.readOnly ? { after: scope.after ?? 0n } : undefined;
};

/** A standby refused a statement as a write (a function we did not know writes): the request goes on on the primary. */
export const wroteAfterAll = (): void => {
  const scope = scopes.getStore();
  if (scope) scope.wrote = true;
};

/** `X/Y` (pg_lsn's text) as a number, or undefined when it is not one. */
export const lsnValue = (text: string | null | undefined): bigint | undefined => {
  const m = text ? /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : undefined;
};

/** A number back as pg_lsn's text. */
export const lsnText = (value: bigint): string =>
  `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;
