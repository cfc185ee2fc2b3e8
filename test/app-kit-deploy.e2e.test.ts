import { execFile, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { useKitService } from "./support/kit-service.ts";
import { platformCommand } from "@platform/app-kit/testing";

// `platform apps deploy` against a running service, on the engine this run uses (PostgreSQL when DATABASE_URL is set).
const kit = useKitService("deploy");
const { work } = kit;
const app = join(work, "greeter");

const platform = (...args: string[]) => platformCommand(args, { env: { PLATFORM_TOKEN: "" } });

const call = () =>
  fetch(`${kit.url}/ingress/greeter/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ada" }),
  }).then((r) => r.json());

beforeAll(async () => {
  expect((await platform("apps", "init", app)).code).toBe(0);
});

describe("platform apps deploy", () => {
  it("installs the folder, says when nothing changed, and upgrades an edited one", async () => {
    const first = await platform("apps", "deploy", app, "--url", kit.url, "--token", kit.token);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    expect(first.stdout.split("\n")[0]).toBe(`deployed greeter to ${kit.url}: version 1 (installed)`);
    expect(first.stdout.split("\n")[1]).toMatch(/^ {2}POST http:\/\/\S+\/ingress\/greeter\/hello {2}public$/);
    expect(await call()).toEqual({ greeting: "Hello, Ada!" });

    const again = await platform("apps", "deploy", app, "--url", kit.url, "--token", kit.token);
    expect(again.stdout.split("\n")[0]).toBe(`deployed greeter to ${kit.url}: version 1 (unchanged)`);

    const component = join(app, "components", "hello.ts");
    writeFileSync(component, readFileSync(component, "utf8").replace("`Hello, ", "`Welcome, "));
    const PLATFORM_TOKEN = kit.token;
    const upgraded = await promisify(execFile)("npx", ["platform", "apps", "deploy", app, "--url", kit.url], {
      env: { ...process.env, PLATFORM_TOKEN },
    });
    expect(upgraded.stdout.split("\n")[0]).toBe(`deployed greeter to ${kit.url}: version 2 (upgraded)`);
    expect(await call()).toEqual({ greeting: "Welcome, Ada!" });
  });

  it("dev --url installs the folder on that service, and again after each edit", async () => {
    const bin = new URL("../node_modules/.bin/platform", import.meta.url).pathname;
    const dev = spawn(process.execPath, [bin, "apps", "dev", app, "--url", kit.url, "--token", kit.token]);
    let out = "";
    dev.stdout.on("data", (d: Buffer) => (out += d.toString()));
    dev.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => dev.once("exit", r));
    const waitFor = async (pattern: RegExp) => {
      for (const until = Date.now() + 20_000; !pattern.test(out); await sleep(50))
        if (Date.now() > until) throw new Error(`no ${pattern} in:\n${out}`);
    };
    try {
      await waitFor(/^unchanged greeter version 2 in \d+ ms$/m);
      const component = join(app, "components", "hello.ts");
      writeFileSync(component, readFileSync(component, "utf8").replace("`Welcome, ", "`Greetings, "));
      await waitFor(/^upgraded greeter version 3 in \d+ ms$/m);
      expect(await call()).toEqual({ greeting: "Greetings, Ada!" });
    } finally {
      dev.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("prints the service's refusal with its code and exits 1", async () => {
    const forbidden = await platform("apps", "deploy", app, "--url", kit.url, "--token", "not-a-token");
    expect([forbidden.code, forbidden.stderr.split("\n")[0]]).toEqual([
      1,
      expect.stringMatching(/^refused: 401 UNAUTHENTICATED /),
    ]);

    const manifest = join(app, "manifest.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace('"httpMethod": "POST"', '"httpMethod": "FETCH"'));
    const invalid = await platform("apps", "deploy", app, "--url", kit.url, "--token", kit.token);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toBe(
      "refused: 400 VALIDATION_FAILED The app is invalid\n" +
        "  manifest.ingresses[0].properties.httpMethod must be one of GET, POST, PUT, PATCH, DELETE\n",
    );
    const unreachable = await platform("apps", "deploy", app, "--url", "http://127.0.0.1:9", "--token", kit.token);
    expect([unreachable.code, unreachable.stderr]).toEqual([
      1,
      expect.stringMatching(/^cannot reach http:\/\/127\.0\.0\.1:9: /),
    ]);
    const missing = await platform("apps", "deploy", app, "--url", kit.url);
    expect([missing.code, missing.stderr.split("\n")[0]]).toEqual([
      2,
      "platform apps deploy: deploy needs a token holding apps:write (--token TOKEN or PLATFORM_TOKEN)",
    ]);
  });
});
