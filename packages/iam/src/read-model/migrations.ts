import type { Migration } from "@platform/db";
import { BEARER_SESSIONS_FUNCTION } from "../access/identity.ts";
import { PHONES_E164_SQL } from "./phones-e164.ts";

/**
 * IAM tables. `iam_principals`, `iam_clients`, `iam_roles` are read models (rebuilt from
 * events); the rest is plain security state that is not event-sourced on purpose: secrets
 * and password hashes must be deletable and must never appear in a journal, and sessions
 * and activity change on nearly every request.
 */
export const iamMigrations: readonly Migration[] = [
  {
    id: "001-read-models",
    sql: `
CREATE TABLE iam_principals (
  id text PRIMARY KEY,
  version integer NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  email_lower text NOT NULL,
  phone text,
  picture text,
  settings jsonb NOT NULL DEFAULT '{}',
  roles jsonb NOT NULL DEFAULT '[]',
  acl jsonb NOT NULL DEFAULT '[]',
  access_attributes jsonb NOT NULL DEFAULT '{}',
  suspended_at timestamptz,
  created_at timestamptz NOT NULL,
  password_login boolean NOT NULL DEFAULT false,
  password_expires_at timestamptz
);
CREATE INDEX iam_principals_email_lower ON iam_principals (email_lower);
CREATE INDEX iam_principals_name ON iam_principals (lower(name), id);
CREATE TABLE iam_clients (
  id text PRIMARY KEY,
  version integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  redirect_uris jsonb NOT NULL DEFAULT '[]',
  grant_types jsonb NOT NULL DEFAULT '[]',
  scopes jsonb NOT NULL DEFAULT '[]',
  token_endpoint_auth_method text NOT NULL,
  roles jsonb NOT NULL DEFAULT '[]',
  kind text NOT NULL,
  is_system boolean NOT NULL DEFAULT false,
  suspended_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE TABLE iam_roles (
  key text PRIMARY KEY,
  version integer NOT NULL,
  description text NOT NULL DEFAULT '',
  acl jsonb NOT NULL DEFAULT '[]',
  is_system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
`,
  },
  {
    id: "002-security-state",
    sql: `
CREATE TABLE iam_sessions (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  subject_kind text NOT NULL,
  subject_id text NOT NULL,
  client_id text,
  client_name text,
  description text NOT NULL DEFAULT '',
  scope text,
  access_hash text NOT NULL,
  access_expires_at timestamptz NOT NULL,
  refresh_hash text,
  refresh_expires_at timestamptz,
  used_refresh_hashes jsonb NOT NULL DEFAULT '[]',
  password_change_required boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX iam_sessions_subject ON iam_sessions (subject_kind, subject_id);
CREATE TABLE iam_credentials (
  principal_id text PRIMARY KEY,
  password_hash text NOT NULL,
  temporary boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  consumed_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE TABLE iam_client_secrets (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  secret_hash text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX iam_client_secrets_client ON iam_client_secrets (client_id);
CREATE TABLE iam_activity (
  subject_id text PRIMARY KEY,
  last_active_at timestamptz NOT NULL
);
`,
  },
  {
    // Search is a case-insensitive partial match (ILIKE '%…%'): trigram indexes keep it fast
    // on large tables. pg_trgm is a trusted extension; where it cannot be had, search still
    // works, by scanning.
    id: "003-search-indexes",
    sql: `
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object OR undefined_file OR insufficient_privilege THEN
    NULL;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS iam_principals_name_trgm ON iam_principals USING gin (name %s.gin_trgm_ops)',
      (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS iam_principals_email_trgm ON iam_principals USING gin (email %s.gin_trgm_ops)',
      (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
  END IF;
END
$$;
`,
  },
  {
    // Clients carry access attributes: a client made (or given a secret) by a restricted
    // principal inherits its restriction, and its tokens see no more than that principal.
    id: "004-client-access-attributes",
    sql: `ALTER TABLE iam_clients ADD COLUMN access_attributes jsonb NOT NULL DEFAULT '{}';`,
  },
  {
    // Password attempts are throttled here, by IAM, for every way a password is checked (the
    // sign-in page and POST /resources/me/password): one count per account and per address.
    id: "005-password-attempts",
    sql: `
CREATE TABLE iam_password_attempts (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);`,
  },
  {
    // The bearer check of every request, kept on its generic plan (see BEARER_SESSIONS_FUNCTION).
    id: "006-bearer-sessions-function",
    sql: BEARER_SESSIONS_FUNCTION,
  },
  {
    // OpenID Connect Back-Channel Logout: a client's logout URI, and the sessions whose end its
    // client must still hear about, written by the same statement that ends them (an outbox:
    // an ended session is never left unannounced, whatever stops after it).
    id: "007-backchannel-logout",
    sql: `
ALTER TABLE iam_clients ADD COLUMN backchannel_logout_uri text;
ALTER TABLE iam_clients ADD COLUMN backchannel_logout_session_required boolean NOT NULL DEFAULT false;
CREATE TABLE iam_session_ends (
  session_id uuid PRIMARY KEY,
  client_id text NOT NULL,
  subject_id text NOT NULL,
  ended_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text
);
CREATE INDEX iam_session_ends_due ON iam_session_ends (next_attempt_at);
-- OpenID Connect's updated_at: the last change of the principal's properties (created_at
-- until then; rows older than this column start from it).
ALTER TABLE iam_principals ADD COLUMN updated_at timestamptz;
-- When the principal signed in for the session (OpenID Connect auth_time, kept across refreshes).
ALTER TABLE iam_sessions ADD COLUMN auth_time timestamptz;
UPDATE iam_principals SET updated_at = created_at;`,
  },
  {
    // Failed client authentication at the OAuth token, introspection and revocation endpoints
    // is throttled like passwords, per client id and per address, but on its own counts: its
    // limits differ, and an address's password failures do not slow its clients (or back).
    id: "008-client-attempts",
    sql: `
CREATE TABLE iam_client_attempts (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);`,
  },
  {
    // Principals' phones are stored in E.164: erasure finds every copy of a number by its digits.
    id: "009-phones-e164",
    sql: PHONES_E164_SQL,
  },
];
