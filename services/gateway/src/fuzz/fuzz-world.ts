import { allOperations } from "@platform/openapi";
import type { Operation } from "@platform/platform";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { discoverWorld, fuzzSeed } from "@platform/http/testing/fuzz";
import type { FuzzOptions, FuzzWorld } from "@platform/http/testing/fuzz";
import { createClientWithToken, createPrincipalWithToken, defineTestRole, iamTestContext } from "@platform/iam/testing";
import { orderBody } from "@platform/orders/testing";
import { contexts } from "../contexts.ts";

/** Every operation the service publishes (what /openapi.json lists), known before anything boots. */
export const fuzzedOperations: readonly Operation[] = allOperations(contexts.flatMap((c) => (c.contract ? [c.contract] : [])));

/**
 * The gateway with every context, some data to aim at (a second principal with a session,
 * a client with a secret, a custom role, an order), and an owner's token. The owner's own
 * principal and session are left out of the path parameters: a fuzz that suspends its
 * caller learns nothing after that.
 */
export const startFuzzWorld = async (): Promise<{ t: TestPlatform; world: FuzzWorld }> => {
  const t = await createTestPlatform(contexts.map((c) => (c.name === "iam" ? iamTestContext() : c)));
  const owner = await createPrincipalWithToken(t, { roles: ["system:owner"], email: "fuzz-owner@example.test" });
  const other = await createPrincipalWithToken(t, { roles: [], password: "Fuzz-Other-Password-1" });
  const client = await createClientWithToken(t, { roles: [] });
  await defineTestRole(t, "fuzz:role", ["orders:read"]);
  const order = await t.request("POST", "/resources/actors/order/new", { token: owner.token, body: [{ type: "create", body: orderBody("FUZZ-1") }] });
  if (order.status !== 200) throw new Error(`fuzz world: the order was not created (${order.status}): ${await order.text()}`);
  const orderId = ((await order.json()) as { actor: { id: string } }).actor.id;
  const secrets = (await (await t.request("GET", `/resources/iam/clients/${client.clientId}/secrets`, { token: owner.token })).json()) as { id: string }[];
  // Lists give most ids; these they do not (an actor's id beside its type, another principal's session, a client's secret).
  const extra = { id: [orderId], sessionId: [other.sessionId], secretId: secrets.map((s) => s.id) };
  const world = await discoverWorld(t, owner.token, extra, [owner.principalId, owner.sessionId]);
  return { t, world };
};

/** FUZZ_SECONDS (the long run: `npm run fuzz`) spreads over every operation; else a short run per operation. */
export const fuzzOptions = (operations: number): FuzzOptions => {
  const seed = fuzzSeed();
  const total = Number(process.env.FUZZ_SECONDS ?? 0);
  return total > 0 ? { seed, numRuns: Number.MAX_SAFE_INTEGER, timeLimitMs: (total * 1000) / operations } : { seed, numRuns: Number(process.env.FUZZ_RUNS ?? 60), timeLimitMs: 3_000 };
};
