import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";
import { platformCommand } from "@platform/app-kit/testing";

// `platform apps rollback` against a running service, on the engine this run uses (PostgreSQL with DATABASE_URL).
const work = mkdtempSync(join(tmpdir(), "platform-rollback-"));
const app = join(work, "greeter");
const client = { BOOTSTRAP_CLIENT_ID: "rollback-e2e", BOOTSTRAP_CLIENT_SECRET: "rollback-e2e-secret-0123456789" };
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
let service: ServiceProcess | undefined;
let token = "";

const platform = (...args: string[]) => platformCommand(args, { env: { PLATFORM_TOKEN: token } });

const call = () =>
  fetch(`${service!.url}/ingress/greeter/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ada" }),
  }).then((r) => r.json());

beforeAll(async () => {
  storage = await freshStorage(join(work, "data"));
  service = await startServiceProcess({ ...storage.env, ...client });
  token = await clientToken(service.url, client);
  expect((await platform("apps", "init", app)).code).toBe(0);
});
afterAll(async () => {
  await service?.stop();
  await storage?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe("platform apps rollback", () => {
  it("installs version 1 again as version 3 after two deploys, and refuses an unknown version", async () => {
    expect((await platform("apps", "deploy", app, "--url", service!.url)).code).toBe(0);
    const component = join(app, "components", "hello.ts");
    writeFileSync(component, readFileSync(component, "utf8").replace("`Hello, ", "`Welcome, "));
    const second = await platform("apps", "deploy", app, "--url", service!.url);
    expect(second.stdout.split("\n")[0]).toBe(`deployed greeter to ${service!.url}: version 2 (upgraded)`);
    expect(await call()).toEqual({ greeting: "Welcome, Ada!" });

    const back = await platform("apps", "rollback", "greeter", "--to", "1", "--url", service!.url);
    expect([back.code, back.stderr]).toEqual([0, ""]);
    const lines = back.stdout.split("\n");
    expect(lines[0]).toBe(`rolled back greeter on ${service!.url} to version 1: now version 3`);
    expect(lines[1]).toMatch(/^ {2}POST http:\/\/\S+\/ingress\/greeter\/hello {2}public$/);
    expect(await call()).toEqual({ greeting: "Hello, Ada!" });

    const current = await platform("apps", "rollback", "greeter", "--to", "3", "--url", service!.url);
    expect([current.code, current.stdout.split("\n")[0]]).toEqual([
      0,
      `greeter is at version 3 already on ${service!.url}: nothing changed`,
    ]);

    const unknown = await platform("apps", "rollback", "greeter", "--to", "9", "--url", service!.url);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([
      1,
      "",
      "refused: 404 NOT_FOUND App greeter has no version 9\n",
    ]);
    const refused = await platform("apps", "rollback", "greeter", "--to", "1", "--url", service!.url, "--token", "x");
    expect([refused.code, refused.stderr.split("\n")[0]]).toEqual([
      1,
      expect.stringMatching(/^refused: 401 UNAUTHENTICATED /),
    ]);
    const wrong = await platform("apps", "rollback", "greeter", "--url", service!.url);
    expect([wrong.code, wrong.stderr.split("\n")[0]]).toEqual([
      2,
      "platform apps rollback: rollback needs the version to go back to (--to VERSION)",
    ]);
    expect(await call()).toEqual({ greeting: "Hello, Ada!" });
  });
});
