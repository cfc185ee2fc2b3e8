import type { Migration } from "@platform/db";

/**
 * One row per data subject (a stream whose events hold personal data): its AES-256 key,
 * wrapped by the key derived from DATA_KEY. Erasure sets `wrapped` to NULL and keeps the row,
 * so the subject can never get a fresh key and its old ciphertexts stay unreadable. The
 * table lives in the read-model database, never in the event store: a KurrentDB deployment
 * shreds the same way.
 */
export const personalDataMigrations: readonly Migration[] = [
  {
    id: "001-subject-keys",
    sql: `
CREATE TABLE pd_subject_keys (
  subject text PRIMARY KEY,
  wrapped bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);`,
  },
  {
    // Which event types' stored events are all sealed, and which key scopes all hashed (seal-existing.ts runs once for
    // each).
    id: "002-sealed-marks",
    sql: `CREATE TABLE pd_sealed (what text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now());`,
  },
  {
    // A new stream's key, written in its first append's transaction (an inline write of the
    // event store's group commit): no round trip of its own, and no key without its events.
    // The append is refused unless the stream is empty, so no event was sealed under a key it
    // replaces; a tombstone (an erased subject) is never replaced.
    id: "003-subject-keys-inline",
    sql: `
CREATE OR REPLACE FUNCTION pd_subject_keys_rows(p jsonb) RETURNS void
LANGUAGE sql AS $fn$
  INSERT INTO pd_subject_keys AS k (subject, wrapped)
  SELECT r->>'subject', decode(r->>'wrapped', 'base64') FROM jsonb_array_elements(p) AS r
  ON CONFLICT (subject) DO UPDATE SET wrapped = excluded.wrapped, created_at = now() WHERE k.wrapped IS NOT NULL;
$fn$;`,
  },
];
