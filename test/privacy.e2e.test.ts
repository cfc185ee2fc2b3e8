import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const client = { BOOTSTRAP_CLIENT_ID: "privacy-admin", BOOTSTRAP_CLIENT_SECRET: "privacy-secret-0123456789" };
const DATA_KEY = randomBytes(32).toString("base64");
let dir: string | undefined;
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop("SIGKILL");
  await storage?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the service's entry point until it exits by itself; its exit code and output. */
const runUntilExit = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "services/gateway/src/main.ts"], {
      env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });

describe("personal data in the running service", () => {
  it("after DELETE no journal, list, graph query or lookup shows the principal's data; another " +
    "DATA_KEY stops the next start", {
    timeout: 120_000,
  }, async () => {
    dir = await mkdtemp(join(tmpdir(), "privacy-e2e-"));
    storage = await freshStorage(join(dir, "data"));
    const env = { ...storage.env, ...client, DATA_KEY };
    service = await startServiceProcess(env);
    const auth = {
      Authorization: `Bearer ${await clientToken(service.url, client)}`,
      "Content-Type": "application/json",
    };
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${service!.url}${path}`, {
        method,
        headers: auth,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, text: await r.text() };
    };

    const tag = randomBytes(6).toString("hex");
    const secrets = [
      `Ophelia Marchbanks ${tag}`,
      `ophelia.${tag}@example.test`,
      `https://pictures.example.test/${tag}.png`,
      `saffron-${tag}`,
    ];
    const id = randomUUID();
    const put = await api("PUT", `/resources/iam/principals/${id}`, {
      properties: { name: secrets[0], email: secrets[1], picture: secrets[2], settings: { colour: secrets[3] } },
    });
    expect(put.status).toBe(201);
    const graph = () =>
      api("POST", "/resources/graph/query", [
        {
          edge: "principals",
          alias: "p",
          filter: `email == "${secrets[1]}"`,
          node: { fields: ["id", "name", "email"] },
        },
      ]);
    const identity = () =>
      api("POST", "/resources/graph/query", {
        resource: "identity",
        filters: [{ field: "name", op: "contains", value: tag }],
      });
    expect((await graph()).text).toContain(secrets[0]);
    expect((await identity()).text).toContain(secrets[1]);
    expect((await api("GET", `/resources/iam/principals/${id}/journal`)).text).toContain(secrets[3]);

    expect((await api("DELETE", `/resources/iam/principals/${id}`)).status).toBe(204);
    const answers = [
      await api("GET", `/resources/iam/principals/${id}/journal`),
      await api("GET", `/resources/iam/principals?search=${tag}`),
      await api("GET", `/resources/iam/principals/${id}`),
      await graph(),
      await identity(),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 200, 200]);
    for (const a of answers) for (const s of secrets) expect(a.text).not.toContain(s);
    expect(
      JSON.parse(answers[0]!.text).events.map(
        (e: { type: string; erased?: boolean }) => `${e.type}${e.erased ? " (erased)" : ""}`,
      ),
    ).toEqual(["PrincipalCreated (erased)", "PrincipalDeleted", "PrincipalErased"]);
    expect(JSON.parse(answers[3]!.text).p.nodes).toEqual([]);
    expect(
      (
        await api("PUT", `/resources/iam/principals/${randomUUID()}`, {
          properties: { name: "Someone Else", email: secrets[1] },
        })
      ).status,
    ).toBe(201);
    expect(await service.stop()).toBe(0);
    service = undefined;

    const wrong = await runUntilExit({ ...env, DATA_KEY: randomBytes(32).toString("base64") });
    expect(wrong.code).toBe(78);
    expect(wrong.output).toContain("DATA_KEY: not the key this database's personal data was protected with");
    service = await startServiceProcess(env);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});
