import fc from "fast-check";
import type { Operation } from "@platform/host";
import type { TestPlatform } from "../test-platform.ts";
import { fuzzRequests } from "./requests.ts";
import type { FuzzRequest, FuzzWorld } from "./requests.ts";
import { answerProblem } from "./verdict.ts";

export type FuzzOptions = {
  /** The run's seed; each operation's own is derived from it and the operation's id. */
  readonly seed: number;
  /** Requests per operation at most. */
  readonly numRuns: number;
  /** Time per operation at most (the run stops there, not failing). */
  readonly timeLimitMs: number;
};

/** The run's seed: FUZZ_SEED when set (to replay a failure), else a fresh one. */
export const fuzzSeed = (): number =>
  process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

const seedOf = (base: number, operationId: string) => {
  let h = base | 0;
  for (let i = 0; i < operationId.length; i++) h = (Math.imul(h, 31) + operationId.charCodeAt(i)) | 0;
  return h;
};

const send = (t: TestPlatform, r: FuzzRequest) =>
  t.app.request(r.url, { method: r.method, headers: r.headers, ...(r.body ? { body: r.body.data } : {}) });

/**
 * Sends odd requests to `op` until `numRuns` or `timeLimitMs`, and fails on the first answer
 * that is a 5xx, not in the route's error shape, or an error that changed the event log.
 * Returns how many requests got each status. The failure names the request, the run's seed
 * (FUZZ_SEED=… replays it) and fast-check's own seed and path.
 */
export const fuzzOperation = async (
  t: TestPlatform,
  op: Operation,
  world: FuzzWorld,
  o: FuzzOptions,
): Promise<Map<number, number>> => {
  const statuses = new Map<number, number>();
  const property = fc.asyncProperty(fuzzRequests(op, world), async (r) => {
    const before = await t.platform.store.headPosition();
    const res = await send(t, r);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    const path = new URL(r.url, "http://localhost").pathname;
    const shownUrl = r.url.length > 160 ? `${r.url.slice(0, 160)}…` : r.url;
    const what = `${r.method} ${shownUrl} [${r.label}] (FUZZ_SEED=${o.seed})`;
    const problem = answerProblem(op, {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      text,
      path,
    });
    if (problem) throw new Error(`${what}: ${problem}\n${text.slice(0, 400)}`);
    if (res.status >= 400) {
      const after = await t.platform.store.headPosition();
      if (after !== before) {
        const appended = await t.platform.store.readAll({ ...(before !== null ? { after: before } : {}), limit: 10 });
        const events = appended.map((e) => `${e.type} to ${e.streamId}`).join(", ");
        throw new Error(`${what}: answered ${res.status} but appended ${events}`);
      }
    }
  });
  await fc.assert(property, {
    seed: seedOf(o.seed, op.operationId),
    numRuns: o.numRuns,
    interruptAfterTimeLimit: o.timeLimitMs,
    markInterruptAsFailure: false,
  });
  return statuses;
};
