import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { bootPlatform } from "@platform/host";
import { json, staticAuthContext } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { appsContext } from "../index.ts";
import { appBody, appsTestCallers, appsTestPlatform, componentSource } from "../testing/index.ts";

const root = mkdtempSync(join(tmpdir(), "apps-dir-"));
const writeApp = (
  folder: string,
  body: ReturnType<typeof appBody> | { manifest: string },
  sources: Record<string, string> = {},
  extension = "js",
) => {
  mkdirSync(join(root, folder, "components"), { recursive: true });
  writeFileSync(
    join(root, folder, "manifest.json"),
    typeof body.manifest === "string" ? body.manifest : JSON.stringify(body.manifest),
  );
  for (const [id, source] of Object.entries(sources))
    writeFileSync(join(root, folder, "components", `${id}.${extension}`), source);
};

let t: TestPlatform;
const errors: unknown[][] = [];
beforeAll(async () => {
  const hello = componentSource('return "hello " + params.name;', '{ name: { type: "text", default: "world" } }');
  writeApp("good", appBody("hello", { greet: hello }, [{ route: "hello" }]), { greet: hello });
  writeApp("broken-json", { manifest: "{ not json" });
  writeApp("missing-source", appBody("nosource", { absent: hello }, [{ route: "nosource" }]));
  writeApp(
    "paged",
    appBody("paged", { greet: hello }, [{ route: "paged" }], { extensions: { portal: "/pages/portal.html" } }),
    { greet: hello },
  );
  mkdirSync(join(root, "paged", "pages"));
  writeFileSync(join(root, "paged", "pages", "portal.html"), "<p>From the folder</p>");
  writeApp(
    "pageless",
    appBody("pageless", { greet: hello }, [{ route: "pageless" }], { extensions: { portal: "../../etc/passwd" } }),
    { greet: hello },
  );
  mkdirSync(join(root, "empty"));
  // TypeScript components are built (esbuild) as the kit builds them; a build error names its place.
  const typed = [
    'import type { Component } from "@platform/app-kit";',
    'import { greeting } from "./greeting.ts";',
    'export const parameters = { name: { type: "text", default: "world" } } as const;',
    "const run: Component<typeof parameters> = async (params) => greeting(params.name);",
    "export default run;",
  ].join("\n");
  writeApp("typed", appBody("typed", { greet: typed }, [{ route: "typed" }]), { greet: typed }, "ts");
  writeFileSync(join(root, "typed", "components", "greeting.ts"), "export const greeting = (n: string) => `hi ${n}`;");
  const broken = "export const parameters = {};\nexport default async () => { return 1 +; };\n";
  writeApp("ts-error", appBody("tserror", { bad: broken }, [{ route: "tserror" }]), { bad: broken }, "ts");
  t = await appsTestPlatform({ APPS_DIR: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("APPS_DIR", () => {
  it("installs every valid app folder at start and serves it; invalid folders are skipped", async () => {
    expect(await json(await t.request("POST", "/ingress/hello", { body: {} }))).toBe("hello world");
    const list = await json(await t.request("GET", "/resources/apps", { token: "admin" }));
    expect(list.apps.map((a: { appId: string }) => a.appId)).toEqual(["hello", "paged", "pageless", "typed"]);
    expect(await json(await t.request("POST", "/ingress/typed", { body: { name: "ada" } }))).toBe("hi ada");
    expect((await t.request("POST", "/ingress/nosource", { body: {} })).status).toBe(404);
  });

  it(
    "ships the page extensions.portal names when the folder has it, and reads nothing outside " + "the folder",
    async () => {
      const page = await t.request("GET", "/resources/apps/paged/portal-page", { token: "admin" });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe("<p>From the folder</p>");
      expect((await t.request("GET", "/resources/apps/pageless/portal-page", { token: "admin" })).status).toBe(404);
    },
  );

  it("changes nothing when the service starts again with the same folders, and upgrades a changed one", async () => {
    const contexts = [staticAuthContext(appsTestCallers), actorsContext, ordersContext, appsContext];
    const log = t.platform.log as unknown as { error: (...a: unknown[]) => void };
    const original = log.error;
    log.error = (...a: unknown[]) => void errors.push(a);
    try {
      const again = await bootPlatform({ config: t.platform.config, contexts, log: t.platform.log, db: t.platform.db });
      await again.close();
      expect(
        (await json(await t.request("GET", "/resources/apps/hello/journal", { token: "admin" }))).events.map(
          (e: { type: string }) => e.type,
        ),
      ).toEqual(["AppInstalled"]);
      expect(
        errors.map(([obj, msg]) => [
          (obj as { dir: string }).dir.slice(root.length + 1),
          msg,
          (obj as { details?: unknown }).details,
        ]),
      ).toEqual([
        ["broken-json", expect.stringMatching(/^app folder manifest.json is not JSON: .+; skipped$/), undefined],
        ["empty", "app folder manifest.json is missing; skipped", undefined],
        [
          "missing-source",
          "app folder is not a valid app; skipped",
          [{ path: "components.absent.source", message: "must be the component's module text" }],
        ],
        ["ts-error", 'app folder components/bad.ts:2:40 Unexpected ";"; skipped', undefined],
      ]);

      const v2 = componentSource('return "hi " + params.name;', '{ name: { type: "text", default: "world" } }');
      writeApp("good", appBody("hello", { greet: v2 }, [{ route: "hello" }]), { greet: v2 });
      const upgraded = await bootPlatform({
        config: t.platform.config,
        contexts,
        log: t.platform.log,
        db: t.platform.db,
      });
      await upgraded.close();
      expect(
        (await json(await t.request("GET", "/resources/apps/hello/journal", { token: "admin" }))).events.map(
          (e: { type: string }) => e.type,
        ),
      ).toEqual(["AppInstalled", "AppUpgraded"]);
    } finally {
      log.error = original;
    }
  });
});
