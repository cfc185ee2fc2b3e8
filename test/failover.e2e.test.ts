import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { holders, query } from "./support/processes-checks.ts";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const url = process.env.DATABASE_URL;
const client = { BOOTSTRAP_CLIENT_ID: "failover-admin", BOOTSTRAP_CLIENT_SECRET: "failover-secret-0123456789" };
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
const running: ServiceProcess[] = [];

afterAll(async () => {
  for (const p of running) await p.stop("SIGKILL");
  await storage?.drop();
});

const token = (url: string) => clientToken(url, client);

describe.runIf(url)("failover (PostgreSQL)", () => {
  it("a process beside one killed with -9 serves writes and fresh reads before the dead one's " +
    "leases would have run out: they go with its connections", {
    timeout: 120_000,
  }, async () => {
    storage = await freshStorage("");
    const databaseUrl = storage.env.DATABASE_URL!;
    const first = await startServiceProcess({ ...storage.env, ...client });
    running.push(first);
    const second = await startServiceProcess({ ...storage.env, ...client });
    running.push(second);

    // The first process holds every projection's and reactor's lease; the second waits.
    const names = [...(await holders(databaseUrl)).keys()];
    expect(names.length).toBeGreaterThan(10);
    expect([...(await holders(databaseUrl)).values()]).toEqual(names.map(() => first.child.pid));
    const auth = { Authorization: `Bearer ${await token(second.url)}` };
    // The dead one's leases by time alone: the earliest it renewed (only ever later, until the kill).
    const until = (
      await query<{ until: Date }>(databaseUrl, "SELECT min(lease_until) AS until FROM rt_checkpoints")
    )[0]!.until;

    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    // A write whose answer waits for its read models (a principal: follower projections only)…
    const id = randomUUID();
    const email = `failover-${id}@example.test`;
    const put = await fetch(`${second.url}/resources/iam/principals/${id}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ properties: { name: "After the kill", email }, roles: [], acl: [], accessAttributes: {} }),
    });
    expect(put.status).toBe(201);
    // …and a list that reads those read models.
    const list = await fetch(`${second.url}/resources/iam/principals?search=${encodeURIComponent(email)}`, {
      headers: auth,
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { principals: { id: string }[] }).principals.map((p) => p.id)).toEqual([id]);
    process.stdout.write(`failover: write and fresh read served ${Date.now() - killedAt} ms after kill -9\n`);
    // Served while every lease of the dead one still ran by its time (on the database's clock):
    // so they went with its connections, not by running out. How soon is for the bench.
    expect((await query<{ before: boolean }>(databaseUrl, "SELECT now() < $1 AS before", [until]))[0]!.before).toBe(
      true,
    );

    // Every lease is the second process's now, and it is ready.
    await expect
      .poll(async () => [...(await holders(databaseUrl)).values()], { timeout: 5000 })
      .toEqual(names.map(() => second.child.pid));
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });
});
