import { defineContext } from "@platform/host";
import type { BoundedContext, GraphEdge } from "@platform/host";

/**
 * A context with one edge holding a field of every type (tests of the compiler and of the
 * route's checks): table `probe_rows`, edge `probes`, node `probe`, `body` restricted.
 */
export const probeEdge: GraphEdge = {
  edge: "probes",
  node: "probe",
  from: "probe_rows",
  idField: "id",
  defaultOrder: "id asc",
  access: { kind: "values", columns: { channelKey: "t.channel_key" } },
  fields: {
    id: { sql: "t.id", type: "text" },
    label: { sql: "t.label", type: "text" },
    note: { sql: "t.note", type: "text", nullable: true },
    n: { sql: "t.n", type: "number" },
    flag: { sql: "t.flag", type: "boolean" },
    at: { sql: "t.at", type: "instant" },
    due: { sql: "t.due", type: "instant", nullable: true },
    tags: { sql: "t.tags", type: "textList" },
    body: { sql: "t.body", type: "json", restricted: true },
    channelKey: { sql: "t.channel_key", type: "text", nullable: true },
  },
};

export const probeContext: BoundedContext = defineContext({
  name: "probe",
  migrations: [
    {
      id: "001-probe-rows",
      sql: `CREATE TABLE probe_rows (id text PRIMARY KEY, label text NOT NULL, note text, n numeric NOT NULL,
        flag boolean NOT NULL, at timestamptz NOT NULL, due timestamptz, tags jsonb NOT NULL DEFAULT '[]',
        body jsonb NOT NULL DEFAULT '{}', channel_key text)`,
    },
  ],
  graphEdges: [probeEdge],
});

export type ProbeRow = {
  readonly id: string;
  readonly label: string;
  readonly note: string | null;
  readonly n: number;
  readonly flag: boolean;
  readonly at: string;
  readonly due: string | null;
  readonly tags: readonly string[];
  readonly channel_key: string | null;
};
