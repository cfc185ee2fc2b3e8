import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { StaticCaller, TestPlatform } from "@platform/http/testing";
import type { BoundedContext } from "@platform/host";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import { appsContext } from "../index.ts";

/** A component module: `parameters` and a default async function with this body. */
export const componentSource = (body: string, parameters = "{}") =>
  `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;

export type TestIngress = {
  readonly id?: string;
  readonly componentId?: string;
  readonly route: string;
  readonly httpMethod?: string;
  readonly isPublic?: boolean;
  readonly acl?: readonly string[];
};

/**
 * The body of `PUT /resources/apps/{appId}`: components by id (module text) and ingresses
 * (defaults: id = route's last segment, POST, the first component, public, no acl).
 */
export const appBody = (
  appId: string,
  components: Readonly<Record<string, string>>,
  ingresses: readonly TestIngress[] = [],
  over: Record<string, unknown> = {},
) => {
  const first = Object.keys(components)[0]!;
  return {
    manifest: {
      id: appId,
      name: `App ${appId}`,
      components: Object.keys(components).map((id) => ({ id })),
      ingresses: ingresses.map((i) => ({
        id: i.id ?? i.route.split("/").at(-1),
        componentId: i.componentId ?? first,
        acl: i.acl ?? [],
        type: "http",
        properties: {
          route: i.route,
          httpMethod: i.httpMethod ?? "POST",
          body: { mode: "structured" },
          isPublic: i.isPublic ?? true,
        },
      })),
      ...over,
    },
    components: Object.fromEntries(Object.entries(components).map(([id, source]) => [id, { source }])),
  };
};

/**
 * A component that creates the order `params.order`: `{created}`, or a refused ctx call as
 * `{refused: code, message}`, so a test sees what the run was allowed to do.
 */
export const reportingCreateOrder = componentSource(
  'try { const a = await ctx.messageActor("order", "new", [{ type: "create", body: ' +
    "params.order }]); return { created: a.results[0].ok }; } catch (e) { return { refused: " +
    "e.code, message: e.message }; }",
  '{ order: { type: "object" } }',
);

/** Callers of the apps tests, by token. */
export const appsTestCallers: Readonly<Record<string, StaticCaller>> = {
  admin: { scope: ["*"], id: "p-admin", isOwner: true },
  orders: { scope: ["actors/order:*", "apps:*", "sendings:*"], id: "p-orders" },
  web: { scope: ["actors/order:*", "apps:*", "ingress:invoke"], id: "p-web", attributes: { channelKey: ["web"] } },
  reader: { scope: ["apps:read", "actors/order:read"], id: "p-reader" },
  nobody: { scope: ["sendings:read"], id: "p-nobody" },
  /** May call every private ingress and nothing else (a PAT scoped to `ingress:invoke`). */
  invoker: { scope: ["ingress:invoke"], id: "p-invoker" },
};

/** Static auth, actors, orders, sendings and apps on a fresh database; `env` sets config (COMPONENT_TIMEOUT_MS, …). */
export const appsTestPlatform = (
  env: Record<string, string> = {},
  extra: readonly BoundedContext[] = [],
): Promise<TestPlatform> =>
  createTestPlatform(
    [staticAuthContext(appsTestCallers), actorsContext, ordersContext, sendingsContext, appsContext, ...extra],
    env,
  );

/** Installs an app as `admin`; throws unless it answers 201 or 200. */
export const install = async (t: TestPlatform, body: ReturnType<typeof appBody>, token = "admin") => {
  const r = await t.request("PUT", `/resources/apps/${body.manifest.id}`, { token, body });
  if (r.status !== 201 && r.status !== 200)
    throw new Error(`install ${body.manifest.id}: ${r.status} ${await r.text()}`);
  return r.json();
};
