import { Kysely, PostgresAdapter, DummyDriver, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import type { GraphEdge } from "@platform/host";
import { compileFilter } from "../filter/compile.ts";
import { parseFilter } from "../filter/parse.ts";

export { probeContext, probeEdge } from "./probe-edge.ts";
export type { ProbeRow } from "./probe-edge.ts";

/** A Kysely that only compiles (no connection): SQL text and parameters of an expression. */
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** For the bench: a filter's text parsed and compiled against an edge, down to SQL and parameters. */
export const parseAndCompileForBench = (edge: GraphEdge, text: string) => {
  const ast = parseFilter(text);
  if (!ast) return undefined;
  return compileFilter(ast, (name) => {
    if (!Object.hasOwn(edge.fields, name)) throw new Error(`unknown field ${name}`);
    return edge.fields[name]!;
  }).compile(compiler);
};
