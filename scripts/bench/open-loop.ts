import { percentiles } from "./harness.ts";

/**
 * An offered load: `rate` requests a second for `seconds`, sent on schedule whether or not earlier ones have been
 * answered (so a slow service shows as latency and a backlog, not as a politely slower client). `send(i)` makes
 * request i and resolves true when it was served as it should be. Answers how many a second were served, and the
 * latency percentiles from each request's scheduled time.
 */
export const offerLoad = async (rate: number, seconds: number, send: (i: number) => Promise<boolean>) => {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      send(i).then(
        (ok) => {
          if (ok) latencies.push(performance.now() - due);
          else failed++;
        },
        () => void failed++,
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  return { perSecond: latencies.length / elapsed, failed, ...percentiles(latencies) };
};
