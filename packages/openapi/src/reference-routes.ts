import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import type { PlatformDeps } from "@platform/host";
import { openApiDocument } from "./document.ts";

/** Swagger UI's files, served from node_modules (never a CDN: the reference works offline). */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/** Starts Swagger UI on /openapi.json: a file of its own, so the page's CSP needs no inline script. */
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: new URL("/openapi.json", window.location.href).href,
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    filter: true,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · actor-platform</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript;
the document itself is <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

/** Only this origin's files; Swagger UI sets inline styles and shows data: images. */
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src " +
  "'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const packageVersion = (): string => {
  const root = join(dirname(new URL(import.meta.url).pathname), "../../../package.json");
  return (JSON.parse(readFileSync(root, "utf8")) as { version: string }).version;
};

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of every mounted context (built once, from
 * the contracts the platform was booted with), and `GET /docs`: Swagger UI reading it.
 */
export const referenceRoutes = (deps: PlatformDeps): Hono => {
  const app = new Hono();
  const text = JSON.stringify(
    openApiDocument(deps.contracts, { version: packageVersion(), publicUrl: deps.config.publicUrl }),
  );
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "no-cache");
    c.header("Access-Control-Allow-Origin", "*");
    return c.body(text, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
  app.get("/docs", (c) => {
    c.header("Content-Security-Policy", CSP);
    return c.html(PAGE);
  });
  const assets = new Map<string, { type: string; body: Uint8Array | string }>([
    ...Object.entries(SWAGGER_UI_FILES).map(
      ([file, type]) => [file, { type, body: new Uint8Array(readFileSync(join(swaggerUiDir, file))) }] as const,
    ),
    ["init.js", { type: "text/javascript; charset=utf-8", body: INIT_SCRIPT }],
  ]);
  app.get("/docs/assets/:file", (c) => {
    const file = c.req.param("file");
    const asset = assets.get(file);
    if (!asset) return c.json({ error: { code: "NOT_FOUND", message: `No asset ${file}` } }, 404);
    return c.body(asset.body as string, 200, { "Content-Type": asset.type, "Cache-Control": "public, max-age=3600" });
  });
  return app;
};
