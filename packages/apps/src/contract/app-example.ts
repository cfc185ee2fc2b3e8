/**
 * The published example of `PUT /resources/apps/{appId}`: app `shop` with one component,
 * `report`, that answers its one parameter (orderNumber), served at `/ingress/shop/report` for POST, PUT and PATCH.
 */
const REPORT_SOURCE = [
  'export const parameters = { orderNumber: { type: "text" } };',
  "export default async function run(params, ctx) {",
  "  return { received: params };",
  "}",
  "",
].join("\n");

const ingress = (method: string) => ({
  id: `report-${method.toLowerCase()}`,
  componentId: "report",
  type: "http",
  properties: { route: "shop/report", httpMethod: method, body: { mode: "structured" }, isPublic: false },
});

export const APP_EXAMPLE = {
  manifest: {
    id: "shop",
    name: "Shop",
    components: [{ id: "report" }],
    ingresses: ["POST", "PUT", "PATCH"].map(ingress),
  },
  components: { report: { source: REPORT_SOURCE } },
};
