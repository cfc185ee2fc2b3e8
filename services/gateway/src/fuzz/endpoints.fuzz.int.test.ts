import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { fuzzOperation } from "@platform/http/testing/fuzz";
import type { FuzzWorld } from "@platform/http/testing/fuzz";
import { fuzzOptions, fuzzedOperations, startFuzzWorld } from "./fuzz-world.ts";
import { undocumentedStatuses } from "./documented-statuses.ts";

const options = fuzzOptions(fuzzedOperations.length);
let t: TestPlatform;
let world: FuzzWorld;
let close: () => Promise<void>;
const statuses = new Map<number, number>();

beforeAll(async () => {
  ({ t, world, close } = await startFuzzWorld());
  console.log(`fuzz: ${fuzzedOperations.length} operations, FUZZ_SEED=${options.seed}`);
});
afterAll(async () => {
  const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  console.log(`fuzz: ${sent} requests sent (${byStatus}), FUZZ_SEED=${options.seed}`);
  await close?.();
});

describe(
  "every published operation, fuzzed: no 5xx, the contract's error shape, nothing appended by " + "a refused request",
  () => {
    it("is every route the running gateway publishes", () => {
      const served = t.platform.contracts.flatMap((c) => c.operations.map((op) => `${op.method} ${op.path}`));
      expect(served.filter((route) => !fuzzedOperations.some((op) => `${op.method} ${op.path}` === route))).toEqual([]);
    });

    it.each(fuzzedOperations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
      "%s",
      async (_name, op) => {
        const seen = await fuzzOperation(t, op, world, options);
        for (const [status, n] of seen) statuses.set(status, (statuses.get(status) ?? 0) + n);
        // Every answer is one /openapi.json lists for the operation: a client generated from it knows each refusal.
        expect(undocumentedStatuses(t.platform.contracts, op, [...seen.keys()])).toEqual([]);
      },
      options.timeLimitMs + 60_000, // the time limit, and fast-check's shrinking of a failure
    );
  },
);
