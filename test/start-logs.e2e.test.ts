import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const dir = mkdtempSync(join(tmpdir(), "platform-start-logs-e2e-"));
const client = { BOOTSTRAP_CLIENT_ID: "start-logs-ops", BOOTSTRAP_CLIENT_SECRET: "start-logs-secret-0123456789" };
const owner = { BOOTSTRAP_OWNER_EMAIL: "owner@example.com", BOOTSTRAP_OWNER_PASSWORD: "Choose-a-strong-1" };
const FIRST_RUN = "First run? Set BOOTSTRAP_OWNER_EMAIL";
const storages: Awaited<ReturnType<typeof freshStorage>>[] = [];
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop("SIGKILL");
  for (const s of storages) await s.drop();
  rmSync(dir, { recursive: true, force: true });
});

type Line = Record<string, unknown>;
const linesOf = (output: string): Line[] =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);

/** Waits until a log line matching `match` is out (the lines written before it are out too). */
const waitForLine = async (s: ServiceProcess, match: (line: Line) => boolean): Promise<Line> => {
  for (let i = 0; i < 100; i++) {
    const found = linesOf(s.output()).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no such log line in:\n${s.output()}`);
};

/** A request, and its debug line (found by the request id the answer names). */
const request = async (s: ServiceProcess, path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${s.url}${path}`, { headers });
  expect(r.status).toBe(200);
  const requestId = r.headers.get("x-request-id");
  return waitForLine(s, (l) => l.msg === "request" && l.requestId === requestId);
};

/** A start on `storage` that has answered one request: everything the start prints is out. */
const start = async (storage: { env: Record<string, string> }, env: Record<string, string>) => {
  service = await startServiceProcess({ ...storage.env, LOG_LEVEL: "debug", ...env });
  await request(service, "/healthz");
  return service;
};

const stop = async (s: ServiceProcess) => {
  expect(await s.stop()).toBe(0);
  service = undefined;
};

describe("the lines a start prints (bootstrap owner and client, the docs' example app)", () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  let first: ServiceProcess;
  let lines: Line[];
  let me: Line;
  let anonymous: Line;
  const byMsg = (msg: string) => lines.filter((l) => l.msg === msg);

  beforeAll(async () => {
    storage = await freshStorage(join(dir, "first"));
    storages.push(storage);
    first = await start(storage, { ...owner, ...client, APPS_DIR: "docs/examples/apps" });
    const token = await clientToken(first.url, client);
    me = await request(first, "/resources/me", { Authorization: `Bearer ${token}` });
    anonymous = await request(first, "/healthz");
    lines = linesOf(first.output());
  }, 90_000);

  it(
    "bind the bootstrap's and the install's identity to their own lines: not to \"listening\", " +
      "nor to any later line",
    () => {
      const ownerId = byMsg("bootstrap owner created")[0]?.principalId;
      expect(ownerId).toMatch(/^[0-9a-f-]{36}$/);
      expect(byMsg("bootstrap client created")).toEqual([
        expect.objectContaining({ clientId: client.BOOTSTRAP_CLIENT_ID }),
      ]);
      expect(byMsg("app installed")).toEqual([expect.objectContaining({ appId: "shop" })]);
      const [listening] = byMsg("listening");
      expect(Object.keys(listening!).sort()).toEqual([
        "engine",
        "level",
        "msg",
        "port",
        "roles",
        "service",
        "startup",
        "store",
        "time",
        "url",
      ]);
      for (const l of lines.filter(
        (l) => !["bootstrap owner created", "bootstrap client created", "app installed"].includes(l.msg as string),
      )) {
        expect(l).not.toHaveProperty("appId");
        expect(l).not.toHaveProperty("dir");
        expect(l).not.toHaveProperty("principalId");
        if (l.requestId !== me.requestId) expect(l).not.toHaveProperty("clientId");
      }
      expect(lines.filter((l) => JSON.stringify(l).includes(ownerId as string)).map((l) => l.msg)).toEqual([
        "bootstrap owner created",
      ]);
    },
  );

  it("give a request's line its caller's identity and nothing else; a request without a token names none", () => {
    expect(Object.keys(me).sort()).toEqual([
      "clientId",
      "level",
      "method",
      "ms",
      "msg",
      "requestId",
      "route",
      "service",
      "status",
      "time",
    ]);
    expect(me).toMatchObject({
      method: "GET",
      route: "/resources/me",
      status: 200,
      clientId: client.BOOTSTRAP_CLIENT_ID,
    });
    expect(Object.keys(anonymous).sort()).toEqual([
      "level",
      "method",
      "ms",
      "msg",
      "requestId",
      "route",
      "service",
      "status",
      "time",
    ]);
    expect(anonymous).toMatchObject({ method: "GET", route: "/healthz", status: 200 });
  });

  it('list the followers once, in "worker started"', () => {
    expect(lines.filter((l) => "followers" in l).map((l) => l.msg)).toEqual(["worker started"]);
    expect(first.output().split("projection:iam-principals").length - 1).toBe(1);
  });

  it("show no first-run hint where an owner exists: on the start that made it, and on a later " +
    "one without the variables", async () => {
    expect(first.output()).not.toContain(FIRST_RUN);
    await stop(first);
    const again = await start(storage, {});
    expect(again.output()).not.toContain(FIRST_RUN);
    await stop(again);
  }, 90_000);

  it("show the first-run hint on a start without an owner", async () => {
    const empty = await freshStorage(join(dir, "empty"));
    storages.push(empty);
    const fresh = await start(empty, client);
    expect(fresh.output()).toContain(
      `${FIRST_RUN} and BOOTSTRAP_OWNER_PASSWORD to create an owner you can sign in with (see README).\n`,
    );
    await stop(fresh);
  }, 90_000);
});
