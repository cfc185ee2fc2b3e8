import type { Migration } from "@platform/db";

/**
 * The OAuth context's own tables. Short-lived protocol state (codes, browser sessions,
 * login throttling) and key material are plain tables, not event streams: they are
 * not business facts, expire within minutes or days, and must be readable by every
 * gateway process at once.
 */
export const oauthMigrations: readonly Migration[] = [
  {
    id: "001-oauth-tables",
    sql: `
CREATE TABLE oauth_settings (name text PRIMARY KEY, value text NOT NULL);

CREATE TABLE oauth_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  sign_until timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  principal_id text NOT NULL,
  scope jsonb,
  code_challenge text,
  nonce text,
  auth_time timestamptz NOT NULL,
  password_change_required boolean NOT NULL DEFAULT false,
  description text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  session_id text,
  replayed boolean NOT NULL DEFAULT false
);
CREATE INDEX oauth_codes_expires ON oauth_codes (expires_at);

CREATE TABLE oauth_browser_sessions (
  id text PRIMARY KEY,
  principal_id text NOT NULL,
  auth_time timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  password_change_required boolean NOT NULL DEFAULT false
);

CREATE TABLE oauth_consents (
  principal_id text NOT NULL,
  client_id text NOT NULL,
  scope jsonb NOT NULL,
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (principal_id, client_id)
);

CREATE TABLE oauth_login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);`,
  },
  {
    // A consent remembers the client's redirect URIs (a change of them clears it) and marks
    // full access with a flag (the old in-band marker was not a storable jsonb string).
    // Consents given before this cannot be tied to redirect URIs: they are dropped, and users
    // see the consent page once more.
    id: "002-consents-bound-to-redirect-uris",
    sql: `
DELETE FROM oauth_consents;
ALTER TABLE oauth_consents ADD COLUMN full_access boolean NOT NULL DEFAULT false;
ALTER TABLE oauth_consents ADD COLUMN redirect_uris jsonb NOT NULL DEFAULT '[]';
CREATE INDEX oauth_consents_client ON oauth_consents (client_id);`,
  },
  {
    // Login throttling moved to IAM (iam_password_attempts), which checks every password; a
    // principal's browser sessions are found by principal when its password or status changes.
    id: "003-throttle-to-iam-browser-sessions-by-principal",
    sql: `
DROP TABLE oauth_login_failures;
CREATE INDEX oauth_browser_sessions_principal ON oauth_browser_sessions (principal_id);`,
  },
  {
    // A code remembers the browser sign-in it came from: signing that browser out ends the
    // sessions its codes opened (and so tells their clients, by back-channel logout).
    id: "004-codes-know-their-browser-session",
    sql: `
ALTER TABLE oauth_codes ADD COLUMN browser_session_id text;
CREATE INDEX oauth_codes_browser_session ON oauth_codes (browser_session_id) WHERE browser_session_id IS NOT NULL;`,
  },
];
