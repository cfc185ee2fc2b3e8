import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useKitService } from "./support/kit-service.ts";
import { platformCommand } from "@platform/app-kit/testing";

// `platform apps rollback` against a running service, on the engine this run uses (PostgreSQL with DATABASE_URL).
const kit = useKitService("rollback");
const { work } = kit;
const app = join(work, "greeter");

const platform = (...args: string[]) => platformCommand(args, { env: { PLATFORM_TOKEN: kit.token } });

const call = () =>
  fetch(`${kit.url}/ingress/greeter/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ada" }),
  }).then((r) => r.json());

beforeAll(async () => {
  expect((await platform("apps", "init", app)).code).toBe(0);
});

describe("platform apps rollback", () => {
  it("installs version 1 again as version 3 after two deploys, and refuses an unknown version", async () => {
    expect((await platform("apps", "deploy", app, "--url", kit.url)).code).toBe(0);
    const component = join(app, "components", "hello.ts");
    writeFileSync(component, readFileSync(component, "utf8").replace("`Hello, ", "`Welcome, "));
    const second = await platform("apps", "deploy", app, "--url", kit.url);
    expect(second.stdout.split("\n")[0]).toBe(`deployed greeter to ${kit.url}: version 2 (upgraded)`);
    expect(await call()).toEqual({ greeting: "Welcome, Ada!" });

    const back = await platform("apps", "rollback", "greeter", "--to", "1", "--url", kit.url);
    expect([back.code, back.stderr]).toEqual([0, ""]);
    const lines = back.stdout.split("\n");
    expect(lines[0]).toBe(`rolled back greeter on ${kit.url} to version 1: now version 3`);
    expect(lines[1]).toMatch(/^ {2}POST http:\/\/\S+\/ingress\/greeter\/hello {2}public$/);
    expect(await call()).toEqual({ greeting: "Hello, Ada!" });

    const current = await platform("apps", "rollback", "greeter", "--to", "3", "--url", kit.url);
    expect([current.code, current.stdout.split("\n")[0]]).toEqual([
      0,
      `greeter is at version 3 already on ${kit.url}: nothing changed`,
    ]);

    const unknown = await platform("apps", "rollback", "greeter", "--to", "9", "--url", kit.url);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([
      1,
      "",
      "refused: 404 NOT_FOUND App greeter has no version 9\n",
    ]);
    const refused = await platform("apps", "rollback", "greeter", "--to", "1", "--url", kit.url, "--token", "x");
    expect([refused.code, refused.stderr.split("\n")[0]]).toEqual([
      1,
      expect.stringMatching(/^refused: 401 UNAUTHENTICATED /),
    ]);
    const wrong = await platform("apps", "rollback", "greeter", "--url", kit.url);
    expect([wrong.code, wrong.stderr.split("\n")[0]]).toEqual([
      2,
      "platform apps rollback: rollback needs the version to go back to (--to VERSION)",
    ]);
    expect(await call()).toEqual({ greeting: "Hello, Ada!" });
  });
});
