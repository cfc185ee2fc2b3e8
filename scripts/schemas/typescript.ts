import openapiTS, { astToString } from "openapi-typescript";

/** Where the kit's types of the published API live (generated; `npm run schemas` writes them). */
export const TYPES_DIR = "packages/app-kit/src/generated";

const header = (what: string) => `/**
 * ${what}: generated from schemas/openapi.json by \`npm run schemas\` (openapi-typescript); do not edit.
 */
`;

/**
 * The TypeScript types of an OpenAPI document. An object schema without properties (a sending's
 * \`dynamic\`) reads as \`Record<string, unknown>\`, not openapi-typescript's default \`Record<string, never>\`,
 * which no value but {} would satisfy.
 */
const typesOf = async (doc: unknown): Promise<string> =>
  astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0], { exportType: true, emptyObjectsUnknown: true }));

/** The routes a component's ctx mirrors: messages to actors, and the three kinds of sending. */
const CTX_PATH = /^\/resources\/(actors\/[^/]+\/\{id\}|sendings\/(email|sms|push))$/;

/**
 * Every generated file, path → text: the whole API's types for the kit's client, and the few
 * routes ctx mirrors on their own, so that checking a component reads a small file (seconds
 * less than the whole API's).
 */
export const apiTypeFiles = async (openapiJson: string): Promise<Record<string, string>> => {
  const doc = JSON.parse(openapiJson) as { paths: Record<string, Record<string, unknown>> };
  const ctxPaths = Object.fromEntries(
    Object.entries(doc.paths)
      .filter(([path]) => CTX_PATH.test(path))
      .map(([path, item]) => [path, { post: item.post }]),
  );
  return {
    [`${TYPES_DIR}/openapi.ts`]:
      header("The service's HTTP API as TypeScript types, for the kit's client") + (await typesOf(doc)),
    [`${TYPES_DIR}/ctx-api.ts`]:
      header("The routes a component's ctx mirrors, as TypeScript types") +
      (await typesOf({ ...doc, paths: ctxPaths })),
  };
};
