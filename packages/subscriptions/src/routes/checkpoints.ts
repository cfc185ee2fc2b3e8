import type { SqlClient } from "@platform/db";
import { checkpointName } from "../read-model/queries.ts";

/**
 * Where a subscription's delivery stands, set by its routes: after its creation event when
 * created, before a position when replayed. The delivering loop takes a moved position up at
 * its next lease renewal (its own checkpoint writes fail meanwhile).
 */
export const subscriptionCheckpoints = (pool: SqlClient) => ({
  async set(subscriptionId: string, position: string | null) {
    await pool.query(
      "INSERT INTO rt_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE " +
        "SET position = EXCLUDED.position, updated_at = now()",
      [checkpointName(subscriptionId), position],
    );
  },
  async remove(subscriptionId: string) {
    await pool.query("DELETE FROM rt_checkpoints WHERE name = $1", [checkpointName(subscriptionId)]);
  },
});
