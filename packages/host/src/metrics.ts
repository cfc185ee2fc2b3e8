import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { CounterConfiguration, GaugeConfiguration, HistogramConfiguration, Metric } from "prom-client";

/**
 * One platform's Prometheus metrics (prom-client). A family is made once, the first time its
 * name is asked for, and every later ask gets the same one: a context declares its families
 * in its descriptor (`metrics`) and its code looks them up by the same configuration. With
 * metrics off (METRICS_ENABLED=false) the families still exist, so code needs no test, but
 * none is registered and nothing is served.
 */
export type PlatformMetrics = {
  readonly enabled: boolean;
  readonly registry: Registry;
  counter<L extends string>(config: CounterConfiguration<L>): Counter<L>;
  gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L>;
  histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L>;
  /** The exposition of this platform's families and the process's default ones. */
  exposition(): Promise<{ readonly contentType: string; readonly text: string }>;
};

/** Seconds buckets for work that takes from a tenth of a millisecond to ten seconds. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * prom-client's `process_*` and `nodejs_*` families, collected once per process however many
 * platforms it boots (tests boot several): each collector keeps timers and observers.
 */
let processDefaults: Registry | undefined;
const defaults = (): Registry => {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({ register: processDefaults });
  }
  return processDefaults;
};

export const createPlatformMetrics = (enabled: boolean): PlatformMetrics => {
  const registry = new Registry();
  const made = new Map<string, Metric>();
  const registers = enabled ? [registry] : [];
  const once = <M extends Metric>(name: string, make: () => M): M => {
    const found = made.get(name);
    if (found) return found as M;
    const metric = make();
    made.set(name, metric);
    return metric;
  };
  return {
    enabled,
    registry,
    counter: (config) => once(config.name, () => new Counter({ ...config, registers })),
    gauge: (config) => once(config.name, () => new Gauge({ ...config, registers })),
    histogram: (config) => once(config.name, () => new Histogram({ buckets: DURATION_BUCKETS, ...config, registers })),
    async exposition() {
      const merged = Registry.merge([defaults(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
};
