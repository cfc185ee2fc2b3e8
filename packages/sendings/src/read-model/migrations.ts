import type { Migration } from "@platform/db";

/** The sendings context's tables only. Same SQL on PostgreSQL 15+ and PGlite. */
export const sendingsMigrations: readonly Migration[] = [
  {
    id: "001-sendings",
    sql: `
CREATE TABLE sendings_sendings (
  sending_id text PRIMARY KEY,
  recipient text NOT NULL,
  recipient_lc text NOT NULL,
  transport text NOT NULL,
  status text NOT NULL,
  category text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sent_at timestamptz,
  error_message text,
  retry_count int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  cc text NOT NULL DEFAULT '',
  bcc text NOT NULL DEFAULT '',
  dynamic jsonb NOT NULL DEFAULT '{}',
  channel_key text
);
CREATE INDEX sendings_sendings_created ON sendings_sendings (created_at DESC, sending_id DESC);
CREATE INDEX sendings_sendings_status ON sendings_sendings (status, updated_at);
CREATE INDEX sendings_sendings_recipient ON sendings_sendings (recipient_lc);
CREATE INDEX sendings_sendings_category ON sendings_sendings (category);

-- The dispatcher's queue: one row per pending sending, kept by the projection. A worker
-- claims a row with FOR UPDATE SKIP LOCKED and holds it until lease_until; a crashed
-- worker's claim simply runs out.
CREATE TABLE sendings_queue (
  sending_id text PRIMARY KEY,
  due_at timestamptz NOT NULL,
  claimed_by text,
  lease_until timestamptz
);
CREATE INDEX sendings_queue_due ON sendings_queue (due_at);

-- The rate limit across processes: a log of delivery attempts of the last minute, written
-- under a row lock on the gate so concurrent workers count each other's attempts.
CREATE TABLE sendings_rate_gate (id int PRIMARY KEY);
INSERT INTO sendings_rate_gate (id) VALUES (1);
CREATE TABLE sendings_rate_log (at timestamptz NOT NULL);
CREATE INDEX sendings_rate_log_at ON sendings_rate_log (at);
`,
  },
  {
    // Erasure (docs/PRIVACY.md): a sending to an erased person keeps its row, without the
    // personal columns, once it is no longer pending; one still pending is marked and erased
    // when it ends.
    id: "002-erasure",
    sql: `
ALTER TABLE sendings_sendings ALTER COLUMN recipient DROP NOT NULL, ALTER COLUMN subject DROP NOT NULL,
  ALTER COLUMN cc DROP NOT NULL, ALTER COLUMN bcc DROP NOT NULL, ALTER COLUMN dynamic DROP NOT NULL;
ALTER TABLE sendings_sendings ADD COLUMN erase_when_done boolean NOT NULL DEFAULT false,
  ADD COLUMN erased_at timestamptz;
CREATE INDEX sendings_sendings_to_erase ON sendings_sendings (sending_id) WHERE erase_when_done AND erased_at IS NULL;
`,
  },
  {
    // SMS and push (docs/SENDINGS.md): the queue knows each sending's transport, so a dispatcher
    // claims only what it can deliver and each transport has its own rate limit.
    id: "003-transports",
    sql: `
ALTER TABLE sendings_queue ADD COLUMN transport text NOT NULL DEFAULT 'email';
UPDATE sendings_queue q SET transport = s.transport FROM sendings_sendings s WHERE s.sending_id = q.sending_id;
DROP INDEX sendings_queue_due;
CREATE INDEX sendings_queue_due ON sendings_queue (transport, due_at);
CREATE INDEX sendings_sendings_transport ON sendings_sendings (transport, created_at DESC);
ALTER TABLE sendings_rate_gate ADD COLUMN transport text;
UPDATE sendings_rate_gate SET transport = 'email' WHERE id = 1;
INSERT INTO sendings_rate_gate (id, transport) VALUES (2, 'sms'), (3, 'push');
ALTER TABLE sendings_rate_log ADD COLUMN transport text NOT NULL DEFAULT 'email';
DROP INDEX sendings_rate_log_at;
CREATE INDEX sendings_rate_log_at ON sendings_rate_log (transport, at);

-- An SMS's part ids as the SMSC gave them: its delivery receipts name them.
CREATE TABLE sendings_message_ids (
  message_id text PRIMARY KEY,
  sending_id text NOT NULL
);
`,
  },
  {
    // Erasure finds a person in every address of a sending: the primary recipient, cc and bcc,
    // lower-cased (a phone as its E.164 recipient). The addresses go with the other personal
    // columns when the sending is erased.
    id: "004-erasure-addresses",
    sql: `
ALTER TABLE sendings_sendings ADD COLUMN addresses_lc text[] NOT NULL DEFAULT '{}';
UPDATE sendings_sendings SET addresses_lc = ARRAY(
  SELECT DISTINCT btrim(a)
    FROM unnest(array_prepend(recipient_lc,
      string_to_array(lower(coalesce(cc, '') || ',' || coalesce(bcc, '')), ','))) AS a
  WHERE btrim(a) <> ''
) WHERE erased_at IS NULL;
CREATE INDEX sendings_sendings_addresses ON sendings_sendings USING gin (addresses_lc);
`,
  },
  {
    // The dispatchers alive on PostgreSQL, each holding a session advisory lock while it lives
    // (createClaimLiveness of @platform/db): a listed dispatcher whose lock nobody holds died, and
    // its claims are freed at once instead of when their two-minute lease lapses.
    id: "005-dispatchers",
    sql: `
CREATE TABLE sendings_dispatchers (
  owner text PRIMARY KEY,
  started_at timestamptz NOT NULL
);`,
  },
];
