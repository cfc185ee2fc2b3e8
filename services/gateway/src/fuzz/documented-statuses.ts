import { openApiDocument } from "@platform/openapi";
import type { ContextContract, Operation } from "@platform/host";

type Responses = Readonly<Record<string, unknown>>;
type Document = {
  readonly paths: Readonly<Record<string, Readonly<Record<string, { readonly responses: Responses }>>>>;
};

/**
 * Statuses any route may answer without listing them: 429 when a limit is reached (the
 * document's conventions say so once, for every route), and the HTTP server's own 431 that
 * every operation's `4XX` (HttpRefusal) names. The `4XX` range stands for those alone here:
 * read as any 4xx, it would let every undocumented refusal through.
 */
const ANY_ROUTE = new Set([429, 431]);

const documents = new WeakMap<readonly ContextContract[], Document>();

/**
 * Which of `seen` the published document does not list for `op` as `/openapi.json` serves it.
 */
export const undocumentedStatuses = (
  contracts: readonly ContextContract[],
  op: Operation,
  seen: readonly number[],
): number[] => {
  let doc = documents.get(contracts);
  if (!doc)
    documents.set(
      contracts,
      (doc = openApiDocument(contracts, { version: "test", publicUrl: "http://localhost" }) as unknown as Document),
    );
  const responses = doc.paths[op.path]?.[op.method]?.responses;
  if (!responses) return [...seen];
  return seen.filter((s) => !ANY_ROUTE.has(s) && !(String(s) in responses));
};
