import { readFileSync } from "node:fs";
import { Hono } from "hono";

const TYPES: Readonly<Record<string, string>> = {
  "portal.css": "text/css; charset=utf-8",
  "portal.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
};

/**
 * The portal's stylesheet, script and icon, from this package's src/assets (read once at start, from src/ or dist/
 * alike).
 */
export const assetRoutes = () => {
  const files = new Map(
    Object.entries(TYPES).map(([name, type]) => [
      name,
      { type, body: readFileSync(new URL(`../../src/assets/${name}`, import.meta.url), "utf8") },
    ]),
  );
  return new Hono().get("/portal/assets/:file", (c) => {
    const file = files.get(c.req.param("file"));
    if (!file) return c.json({ error: { code: "NOT_FOUND", message: "No such asset" } }, 404);
    return c.body(file.body, 200, { "Content-Type": file.type, "Cache-Control": "public, max-age=3600" });
  });
};
