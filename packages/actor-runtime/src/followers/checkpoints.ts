import type { Migration, SqlClient } from "@platform/db";

export const runtimeMigrations: readonly Migration[] = [
  {
    id: "001-checkpoints",
    sql: `
CREATE TABLE IF NOT EXISTS rt_checkpoints (
  name text PRIMARY KEY,
  position text,
  owner text,
  lease_until timestamptz NOT NULL DEFAULT '-infinity',
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  {
    id: "002-checkpoint-guard",
    sql: `
-- Aborts the statement it is part of unless exactly one checkpoint row moved: a projection's
-- write and its checkpoint update as one statement, all or nothing (see follower-runner).
CREATE OR REPLACE FUNCTION rt_require_checkpoint(moved bigint) RETURNS integer
LANGUAGE plpgsql AS $fn$
BEGIN
  IF moved <> 1 THEN RAISE EXCEPTION 'RT_LEASE_LOST'; END IF;
  RETURN 1;
END
$fn$;`,
  },
];

export const LEASE_SECONDS = 15;

/**
 * The one way a follower's checkpoint moves: to `position`, only by the lease holder `owner`
 * and only from `from`, the position it last stored, so a process that lost the lease (or a
 * second writer) moves nothing. Its parameters are numbered from `$first` (a statement
 * projection puts its write's parameters before them); see `moveParams`.
 */
export const moveCheckpointSql = (first = 1) =>
  `UPDATE rt_checkpoints SET position = $${first}, updated_at = now()
    WHERE name = $${first + 1} AND owner = $${first + 2} AND position IS NOT DISTINCT FROM $${first + 3}::text`;

/** moveCheckpointSql's parameters, in its order. */
export const moveParams = (name: string, owner: string, from: string | null, position: string | null) => [
  position,
  name,
  owner,
  from,
];

/**
 * Checkpoints with a lease: one process at a time follows a given name, and its writes name
 * it as the owner (a process that lost the lease cannot move the checkpoint). How a dead
 * owner is noticed is the leases' business (leases.ts): its session lock gone, it being of
 * another process on an engine one process holds alone, or its lease run out.
 */
export const checkpointStore = (sql: SqlClient) => ({
  async ensure(name: string) {
    await sql.query("INSERT INTO rt_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", [name]);
  },
  /**
   * Claims or renews the lease; returns the stored position, or undefined when another owner
   * holds it. `takeOver`: the caller knows the present owner is gone whatever its lease says
   * ("any": it holds the name's session lock; "other-processes": the owner is not of this
   * process, given as its owners' prefix).
   */
  async claim(
    name: string,
    owner: string,
    takeOver?: { readonly any: true } | { readonly otherProcesses: string },
  ): Promise<{ position: string | null } | undefined> {
    const { rows } = await sql.query<{ position: string | null }>(
      `UPDATE rt_checkpoints SET owner = $2, lease_until = now() + make_interval(secs => $3)
        WHERE name = $1
          AND (owner = $2 OR lease_until < now() OR $4 OR NOT starts_with(coalesce(owner, ''), coalesce($5, '')))
        RETURNING position`,
      [
        name,
        owner,
        LEASE_SECONDS,
        !!takeOver && "any" in takeOver,
        takeOver && "otherProcesses" in takeOver ? takeOver.otherProcesses : null,
      ],
    );
    return rows[0];
  },
  async release(name: string, owner: string) {
    await sql.query(
      "UPDATE rt_checkpoints SET owner = NULL, lease_until = '-infinity' WHERE name = $1 AND owner = $2",
      [name, owner],
    );
  },
  /** Moves the checkpoint from `from` to `position`; false when the lease was lost meanwhile. */
  async move(name: string, owner: string, from: string | null, position: string | null): Promise<boolean> {
    const r = await sql.query(moveCheckpointSql(), moveParams(name, owner, from, position));
    return r.rowCount === 1;
  },
  async positions(names: readonly string[]): Promise<Map<string, string | null>> {
    const { rows } = await sql.query<{ name: string; position: string | null }>(
      "SELECT name, position FROM rt_checkpoints WHERE name = ANY($1)",
      [names],
    );
    return new Map(rows.map((r) => [r.name, r.position]));
  },
});
