import type { Database } from "@platform/db";
import type { Logger } from "../logger.ts";
import { open, seal } from "./cipher.ts";

const BATCH = 500;

/**
 * Re-wraps every subject's key from the previous DATA_KEY's wrapping key to the current one
 * (DATA_KEY_PREVIOUS): no event is rewritten, only the key table. `check` (the row that tells
 * which DATA_KEY the table is under) goes last, so a start stopped half-way rotates the rest
 * at the next; a row already re-wrapped is recognised and left.
 */
export const rotateWrapping = async (
  db: Database,
  from: Buffer,
  to: Buffer,
  check: string,
  log: Logger,
): Promise<void> => {
  let rotated = 0;
  for (let after = ""; ; ) {
    const { rows } = await db.pool.query<{ subject: string; wrapped: Buffer }>(
      `SELECT subject, wrapped FROM pd_subject_keys
        WHERE subject > $1 AND subject <> $2 AND wrapped IS NOT NULL ORDER BY subject LIMIT ${BATCH}`,
      [after, check],
    );
    const changed: { subject: string; wrapped: Buffer }[] = [];
    for (const r of rows) {
      const wrapped = Buffer.from(r.wrapped);
      try {
        changed.push({ subject: r.subject, wrapped: seal(to, open(from, wrapped, r.subject), r.subject) });
      } catch {
        open(to, wrapped, r.subject); // re-wrapped by an earlier start; anything else is not ours to open
      }
    }
    if (changed.length)
      await db.pool.query(
        "UPDATE pd_subject_keys AS k SET wrapped = v.wrapped FROM (SELECT unnest($1::text[]) AS " +
          "subject, unnest($2::bytea[]) AS wrapped) AS v WHERE k.subject = v.subject",
        [changed.map((c) => c.subject), changed.map((c) => c.wrapped)],
      );
    rotated += changed.length;
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.subject;
  }
  const { rows } = await db.pool.query<{ wrapped: Buffer }>("SELECT wrapped FROM pd_subject_keys WHERE subject = $1", [
    check,
  ]);
  await db.pool.query("UPDATE pd_subject_keys SET wrapped = $2 WHERE subject = $1", [
    check,
    seal(to, open(from, Buffer.from(rows[0]!.wrapped), check), check),
  ]);
  log.warn({ keys: rotated }, "the personal-data keys are now wrapped by DATA_KEY; DATA_KEY_PREVIOUS can be removed");
};
