import type { TestPlatform } from "@platform/http/testing";
import { componentSource } from "@platform/apps/testing";

/** A component that keeps its run busy for `ms` (the limits tests' work); `customer` is the key they limit by. */
export const busyComponent = componentSource(
  "const end = Date.now() + params.ms; while (Date.now() < end) {} return params.customer;",
  "{ customer: { type: ['text', 'nothing'] }, ms: { type: 'number' } }",
);

/**
 * Each job's run as a span of the global log, from its last JobStarted to its JobSucceeded (or JobFailed), with its
 * key value as the claims read it (the parameter's JSON text). The log orders every process's appends, so two spans
 * of one key that overlap ran at the same time, whichever workers ran them.
 */
export const keyedSpans = async (t: TestPlatform, jobIds: readonly string[], key = "customer") =>
  Promise.all(
    jobIds.map(async (id) => {
      const events = await t.platform.store.readStream(`job-${id}`);
      const scheduled = events.find((e) => e.type === "JobScheduled")!.data as { parameters: Record<string, unknown> };
      const started = events.filter((e) => e.type === "JobStarted").at(-1)!;
      const ended = events.find((e) => e.type === "JobSucceeded" || e.type === "JobFailed")!;
      return {
        key: JSON.stringify(scheduled.parameters[key] ?? null),
        from: started.globalPosition,
        to: ended.globalPosition,
      };
    }),
  );

/** The most spans open at once. */
export const maxOverlap = (spans: readonly { readonly from: number; readonly to: number }[]) => {
  const edges = spans.flatMap((s) => [
    { at: s.from, d: 1 },
    { at: s.to, d: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.d - b.d);
  let open = 0;
  let most = 0;
  for (const e of edges) most = Math.max(most, (open += e.d));
  return most;
};
