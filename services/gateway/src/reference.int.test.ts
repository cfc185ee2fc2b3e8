import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Browser } from "playwright-core";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { launchChromium, offlineExcept, screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { contexts } from "./wiring.ts";

type Doc = {
  openapi: string;
  servers: { url: string; description: string; variables: Record<string, { default: string; description: string }> }[];
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  components: {
    securitySchemes: Record<
      string,
      { type: string; flows?: Record<string, { tokenUrl: string; authorizationUrl?: string }> }
    >;
  };
};

let server: TestServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startTestServer(contexts);
  if (!skipBrowserTests) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("GET /openapi.json", () => {
  it(
    "serves the document of every mounted context, its server and OAuth 2.0 endpoints at " +
      "PUBLIC_URL, valid OpenAPI 3.1",
    async () => {
      const res = await fetch(`${server.url}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const doc = (await res.json()) as Doc;
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.servers).toEqual([
        {
          url: "{publicUrl}",
          description: "The service",
          variables: { publicUrl: { default: server.url, description: "PUBLIC_URL" } },
        },
      ]);
      const oauth2 = doc.components.securitySchemes.oauth2!;
      expect(oauth2.flows!.authorizationCode).toMatchObject({
        authorizationUrl: `${server.url}/oauth/authorize`,
        tokenUrl: `${server.url}/oauth/token`,
      });
      expect(oauth2.flows!.clientCredentials!.tokenUrl).toBe(`${server.url}/oauth/token`);
      // Every context's routes, the reference's own included.
      const served = server.t.platform.contracts.flatMap((c) => c.operations.map((op) => `${op.method} ${op.path}`));
      for (const route of served) {
        const [method, path] = route.split(" ") as [string, string];
        expect(doc.paths[path]?.[method], route).toBeDefined();
      }
      expect(served.length).toBeGreaterThan(70);
      expect(doc.paths["/openapi.json"]!.get!.operationId).toBe("getOpenApiDocument");
      const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? []).toEqual([]);
    },
  );
});

describe("GET /docs", () => {
  it("is a page loading only this origin's scripts and styles, under a CSP that allows nothing else", async () => {
    const res = await fetch(`${server.url}/docs`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.sort()).toEqual([
      "/docs/assets/favicon-32x32.png",
      "/docs/assets/init.js",
      "/docs/assets/swagger-ui-bundle.js",
      "/docs/assets/swagger-ui.css",
      "/openapi.json",
    ]);
    for (const [path, type] of [
      ["/docs/assets/swagger-ui.css", "text/css; charset=utf-8"],
      ["/docs/assets/swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
      ["/docs/assets/init.js", "text/javascript; charset=utf-8"],
      ["/docs/assets/favicon-32x32.png", "image/png"],
    ] as const) {
      const asset = await fetch(`${server.url}${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get("content-type")).toBe(type);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(50);
    }
  });

  it("serves no file but its own assets (no path out of swagger-ui-dist)", async () => {
    for (const path of [
      "/docs/assets/package.json",
      "/docs/assets/..%2F..%2Fpackage.json",
      "/docs/assets/index.html",
      "/docs/assets/swagger-ui.js.map",
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it.skipIf(skipBrowserTests)(
    "renders every tag's operations in Chromium with the network cut off, no request failing",
    async () => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
      const network = await offlineExcept(context, server.url);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${server.url}/docs`);
      await page.locator("h3.opblock-tag").first().waitFor();
      // With 150 tags and operations or more, Swagger UI renders only those near the viewport
      // (a virtual list): scroll the whole page and collect every tag and operation it renders.
      const tags = new Set<string>();
      const operations = new Set<string>();
      type Scrolling = { scrollTo(x: number, y: number): void; document: { body: { scrollHeight: number } } };
      const scrollTo = (top: number) => page.evaluate((y) => (globalThis as unknown as Scrolling).scrollTo(0, y), top);
      for (
        let y = 0;
        y <= (await page.evaluate(() => (globalThis as unknown as Scrolling).document.body.scrollHeight));
        y += 400
      ) {
        await scrollTo(y);
        await page.waitForTimeout(30);
        for (const tag of await page
          .locator("h3.opblock-tag")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-tag") ?? "")))
          tags.add(tag);
        for (const op of await page.locator(".opblock-summary").evaluateAll((els) =>
          els.map((el) => {
            const method = el.querySelector(".opblock-summary-method")?.textContent;
            return `${method} ${el.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`;
          }),
        ))
          operations.add(op);
      }
      await scrollTo(0);
      const published = [
        ...new Set(server.t.platform.contracts.flatMap((c) => c.operations.flatMap((op) => op.tags))),
      ].sort();
      expect(published).toEqual([
        "actors",
        "apps",
        "graph",
        "iam",
        "jobs",
        "me",
        "oauth",
        "operations",
        "orders",
        "portal",
        "reference",
        "sendings",
        "subscriptions",
      ]);
      expect([...tags].sort()).toEqual(published);
      const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const everyOperation = Object.entries(spec.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(everyOperation.length).toBeGreaterThan(100);
      expect([...operations].sort()).toEqual(everyOperation.sort());
      await screenshotWidths(page, "docs");
      expect(network.failed).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
