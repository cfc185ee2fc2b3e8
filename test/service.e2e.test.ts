import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stale } from "../scripts/build.mjs";
import { clientToken, freshStorage, runServiceProcess, startServiceProcess } from "./support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "platform-e2e-"));
const owner = { BOOTSTRAP_OWNER_EMAIL: "owner@example.com", BOOTSTRAP_OWNER_PASSWORD: "Tr1cky-Bootstrap-Key" };
const client = { BOOTSTRAP_CLIENT_ID: "e2e-admin", BOOTSTRAP_CLIENT_SECRET: "e2e-secret-0123456789abcdef" };
let storage: Awaited<ReturnType<typeof freshStorage>>;

afterAll(async () => {
  await storage?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `node scripts/build.mjs --if-stale` (what npm start does first): its exit code and output. */
const buildIfStaleProcess = () =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });

/** The process npm started for its script (sh, which execs node in its place). */
const servicePid = (npmPid: number) =>
  Number(readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, "utf8").trim().split(" ")[0]);

const token = (url: string) => clientToken(url, client);

const ownersListed = async (url: string, accessToken: string) => {
  const r = await fetch(`${url}/resources/iam/principals?search=owner@example.com`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { principals: { email: string; roles: string[] }[] }).principals;
};

describe("the service process", () => {
  it("starts compiled (npm start), serves health, bootstraps, stops on SIGTERM and keeps its " +
    "data across a restart from the sources", {
    timeout: 180_000,
  }, async () => {
    storage = await freshStorage(dataDir);
    const first = await startServiceProcess(
      { ...storage.env, ...owner, ...client, LOG_LEVEL: "info" },
      { built: true },
    );
    // The process npm runs is the compiled gateway, on node without tsx.
    const command = readFileSync(`/proc/${servicePid(first.child.pid!)}/cmdline`, "utf8").split("\0");
    expect(command.slice(1)).toEqual(["--conditions=dist", "scripts/start.mjs", ""]);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const t1 = await token(first.url);
    expect(await ownersListed(first.url, t1)).toEqual([
      expect.objectContaining({ email: "owner@example.com", roles: ["system:owner"] }),
    ]);
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await startServiceProcess({ ...storage.env, ...owner, ...client });
    // Same variables again: nothing duplicated, the old token still works (sessions persist).
    expect(await ownersListed(second.url, t1)).toHaveLength(1);
    expect(await ownersListed(second.url, await token(second.url))).toHaveLength(1);
    expect(await second.stop()).toBe(0);
  });

  it("npm start builds again only when a source is newer than the build", () => {
    // The build exists now: npm start made it in the test before.
    expect(stale()).toBe(false);
    const source = "packages/kernel/src/index.ts";
    const { atime, mtime } = statSync(source);
    const built = statSync("services/gateway/dist/.built").mtime;
    try {
      utimesSync(source, atime, new Date(built.getTime() + 1000));
      expect(stale()).toBe(true);
      // A test file is not part of the build.
      utimesSync(source, atime, mtime);
      const test = "packages/kernel/src/access.test.ts";
      const t = statSync(test);
      utimesSync(test, t.atime, new Date(built.getTime() + 1000));
      expect(stale()).toBe(false);
      utimesSync(test, t.atime, t.mtime);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(stale()).toBe(false);
  });

  it("two starts at once build once: the second waits for the first's build and finds it current", async () => {
    const source = "packages/kernel/src/index.ts";
    const { atime, mtime } = statSync(source);
    try {
      utimesSync(source, atime, new Date());
      expect(stale()).toBe(true);
      const both = await Promise.all([buildIfStaleProcess(), buildIfStaleProcess()]);
      expect(both.map((r) => r.code)).toEqual([0, 0]);
      expect(both.filter((r) => r.output.includes("building (npm run build)")).length).toBe(1);
      expect(stale()).toBe(false);
      expect(existsSync("services/gateway/dist/.building")).toBe(false);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  it("refuses to start on a bad variable and names it", async () => {
    const r = await runServiceProcess({ PORT: "not-a-port", SMTP_URL: "http://x", OUTBOUND_ALLOW_PRIVATE: "yes" });
    expect(r.code).toBe(78);
    expect(r.output).toContain("PORT");
    expect(r.output).toContain("SMTP_URL");
    // A true/false setting it cannot read is refused, not taken for false.
    expect(r.output).toContain("OUTBOUND_ALLOW_PRIVATE: must be true, false, 1 or 0");
  });
});
