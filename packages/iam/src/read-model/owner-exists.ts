import type { Database } from "@platform/db";
import { OWNER_ROLE } from "../access/effective.ts";

/**
 * Whether a principal that is not suspended holds the owner role: someone can sign in and
 * administer the service. Without one, the start tells the operator how to create it.
 */
export const ownerPrincipalExists = async (db: Database): Promise<boolean> => {
  const owner = JSON.stringify([OWNER_ROLE]);
  const { rows } = await db.pool.query(
    "SELECT 1 FROM iam_principals WHERE roles @> $1::jsonb AND suspended_at IS NULL LIMIT 1",
    [owner],
  );
  return rows.length > 0;
};
