/** A component module: `parameters` and a default async function with this body. */
export const componentSource = (body: string, parameters = "{}") => `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;

export type TestIngress = { readonly id?: string; readonly componentId?: string; readonly route: string; readonly httpMethod?: string; readonly isPublic?: boolean; readonly acl?: readonly string[] };

/**
 * The body of `PUT /resources/apps/{appId}`: components by id (module text) and ingresses
 * (defaults: id = route's last segment, POST, the first component, public, no acl).
 */
export const appBody = (appId: string, components: Readonly<Record<string, string>>, ingresses: readonly TestIngress[] = [], over: Record<string, unknown> = {}) => {
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
        properties: { route: i.route, httpMethod: i.httpMethod ?? "POST", body: { mode: "structured" }, isPublic: i.isPublic ?? true },
      })),
      ...over,
    },
    components: Object.fromEntries(Object.entries(components).map(([id, source]) => [id, { source }])),
  };
};
