import { allOperations } from "@platform/openapi";
import type { Operation } from "@platform/host";
import { startTestServer } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { discoverWorld, fuzzSeed } from "@platform/http/testing/fuzz";
import type { FuzzOptions, FuzzWorld } from "@platform/http/testing/fuzz";
import { createClientWithToken, createPrincipalWithToken, defineTestRole, iamTestContext } from "@platform/iam/testing";
import { orderBody } from "@platform/orders/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { contexts } from "../wiring.ts";

/** Every operation the service publishes (what /openapi.json lists), known before anything boots. */
export const fuzzedOperations: readonly Operation[] = allOperations(
  contexts.flatMap((c) => (c.contract ? [c.contract] : [])),
);

const FUZZ_OWNER_PASSWORD = "Fuzz-Owner-Password-1";

/** The owner the fuzz acts as: its principal, and how it signs in to the portal. */
export type FuzzOwner = { readonly principalId: string; readonly email: string; readonly password: string };

/**
 * The gateway with every context, some data to aim at (a second principal with a session,
 * a client with a secret, a custom role, an order, an app with two ingresses, a job
 * definition), and an owner's token; served on a port too, for what only a socket can send. The owner's own
 * principal and session are left out of the path parameters: a fuzz that suspends its
 * caller learns nothing after that.
 */
export const startFuzzWorld = async (): Promise<{
  t: TestPlatform;
  url: string;
  world: FuzzWorld;
  owner: FuzzOwner;
  close: () => Promise<void>;
}> => {
  const server = await startTestServer(contexts.map((c) => (c.name === "iam" ? iamTestContext() : c)));
  const t = server.t;
  const owner = await createPrincipalWithToken(t, {
    roles: ["system:owner"],
    email: "fuzz-owner@example.test",
    password: FUZZ_OWNER_PASSWORD,
  });
  const other = await createPrincipalWithToken(t, { roles: [], password: "Fuzz-Other-Password-1" });
  const client = await createClientWithToken(t, { roles: [] });
  await defineTestRole(t, "fuzz:role", ["orders:read"]);
  const order = await t.request("POST", "/resources/actors/order/new", {
    token: owner.token,
    body: [{ type: "create", body: orderBody("FUZZ-1") }],
  });
  if (order.status !== 200)
    throw new Error(`fuzz world: the order was not created (${order.status}): ${await order.text()}`);
  const orderId = ((await order.json()) as { actor: { id: string } }).actor.id;
  // An app with a public and a protected ingress on one component, and a job definition that runs it (no schedule:
  // nothing may run by itself while the fuzz watches the log).
  const echo = componentSource("return { echoed: params };");
  await install(
    t,
    appBody("fuzz-app", { echo }, [
      { route: "fuzz/echo" },
      { id: "read", route: "fuzz/read", httpMethod: "GET", isPublic: false },
    ]),
    owner.token,
  );
  const job = await t.request("PUT", "/resources/job-definitions/fuzz/nightly", {
    token: owner.token,
    body: { componentId: "fuzz-app/echo" },
  });
  if (job.status !== 201)
    throw new Error(`fuzz world: the job definition was not created (${job.status}): ${await job.text()}`);
  const secrets = (await (
    await t.request("GET", `/resources/iam/clients/${client.clientId}/secrets`, { token: owner.token })
  ).json()) as { id: string }[];
  // Lists give most ids; these they do not (an actor's id beside its type, another principal's session, a client's
  // secret).
  const extra = {
    id: [orderId],
    sessionId: [other.sessionId],
    secretId: secrets.map((s) => s.id),
    route: ["fuzz/echo", "fuzz/read"],
  };
  const world = await discoverWorld(t, owner.token, extra, [owner.principalId, owner.sessionId]);
  const fuzzOwner = { principalId: owner.principalId, email: owner.email, password: FUZZ_OWNER_PASSWORD };
  return { t, url: server.url, world, owner: fuzzOwner, close: () => server.close() };
};

/**
 * FUZZ_SECONDS (the long run: `npm run fuzz`) spreads over every operation; else, in `npm
 * test`, FUZZ_RUNS requests per operation (150), at most 1.5 s each.
 */
export const fuzzOptions = (operations: number): FuzzOptions & { readonly long: boolean } => {
  const seed = fuzzSeed();
  const total = Number(process.env.FUZZ_SECONDS ?? 0);
  return total > 0
    ? { seed, long: true, numRuns: Number.MAX_SAFE_INTEGER, timeLimitMs: (total * 1000) / operations }
    : { seed, long: false, numRuns: Number(process.env.FUZZ_RUNS ?? 150), timeLimitMs: 1_500 };
};
