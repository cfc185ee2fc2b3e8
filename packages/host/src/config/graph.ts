import * as v from "valibot";
import { type Env, int, readEnv } from "./env.ts";

const entries = {
  GRAPH_TIMEOUT_MS: v.optional(int(1, 600_000), "2000"),
  GRAPH_EXACT_COUNT_MAX: v.optional(int(0, 100_000_000), "10000"),
};

/** What one graph query may cost. */
export type GraphConfig = {
  /** The statement timeout of every graph query; a query running longer answers 400 QUERY_TOO_EXPENSIVE. */
  readonly graphTimeoutMs: number;
  /** A graph query's count is exact up to this many rows, the planner's estimate beyond (countEstimated). */
  readonly graphExactCountMax: number;
};

export const parseGraphConfig = (env: Env): GraphConfig => {
  const e = readEnv(entries, env);
  return { graphTimeoutMs: e.GRAPH_TIMEOUT_MS, graphExactCountMax: e.GRAPH_EXACT_COUNT_MAX };
};
