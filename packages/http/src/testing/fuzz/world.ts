import { jsonSchemaOf } from "@platform/openapi";
import type { GenericSchema } from "valibot";
import type { Operation } from "@platform/host";
import type { TestPlatform } from "../test-platform.ts";
import type { FuzzWorld } from "./requests.ts";
import type { JsonSchema } from "./schema-values.ts";

/** The fields an item of a list is addressed by (`/resources/apps/{appId}` takes an app's `appId`). */
const ID_FIELDS = ["id", "key", "appId", "definitionId", "jobId"];

/** `/resources/iam/principals/{id}` and "id" → `/resources/iam/principals`: the collection the parameter picks from. */
const collectionOf = (path: string, param: string) => path.slice(0, path.indexOf(`/{${param}}`));

/**
 * The world a fuzz runs in: `token` may do everything; path parameters take real values found
 * by reading every list the platform publishes (its items' ids), the actor types of its
 * contracts for `{type}`, and `extra` values by parameter name (ids no list shows); never an
 * id in `exclude` (the caller's own: a fuzz that suspends its caller learns nothing after
 * that). Reads only; call it after seeding data.
 */
export const discoverWorld = async (
  t: TestPlatform,
  token: string,
  extra: Readonly<Record<string, readonly string[]>> = {},
  exclude: readonly string[] = [],
): Promise<FuzzWorld> => {
  const byCollection = new Map<string, string[]>();
  const ops = t.platform.contracts.flatMap((c) => c.operations);
  for (const op of ops) {
    if (op.method !== "get" || !op.list || op.path.includes("{")) continue;
    const res = await t.request("GET", `${op.path}?limit=50`, { token });
    if (res.status !== 200) continue;
    const items = ((await res.json()) as Record<string, unknown>)[op.list] as Record<string, unknown>[];
    const ids = items
      .flatMap((item) =>
        ID_FIELDS.map((f) => item[f])
          .filter((v): v is string => typeof v === "string")
          .slice(0, 1),
      )
      .filter((id) => !exclude.includes(id));
    byCollection.set(op.path, ids);
  }
  const actorTypes = t.platform.contracts.flatMap((c) => Object.keys(c.actorMessages ?? {}));
  const schemas = new Map<Operation, JsonSchema | undefined>();
  return {
    token,
    known: (path, param) => [
      ...(byCollection.get(collectionOf(path, param)) ?? []),
      ...(param === "type" ? actorTypes : []),
      ...(extra[param] ?? []),
    ],
    schemaOf: (op) => {
      if (!schemas.has(op))
        schemas.set(
          op,
          op.requestBody ? (jsonSchemaOf(op.requestBody as GenericSchema, "input") as JsonSchema) : undefined,
        );
      return schemas.get(op);
    },
  };
};
