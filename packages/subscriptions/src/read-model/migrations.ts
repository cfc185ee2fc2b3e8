import type { Migration } from "@platform/db";

/**
 * subscriptions_subscriptions: one row per live subscription (the projection's); the secret is
 * not here, only in the actor's sealed journal. subscriptions_deliveries: the recent attempts
 * (the last 1000 of each subscription), written by the delivering process.
 */
export const subscriptionsMigrations: readonly Migration[] = [
  {
    id: "001-subscriptions",
    sql: `
CREATE TABLE subscriptions_subscriptions (
  subscription_id text PRIMARY KEY,
  url text NOT NULL,
  event_types jsonb NOT NULL,
  description text,
  status text NOT NULL,
  failure jsonb,
  maker jsonb NOT NULL,
  start_after text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version int NOT NULL
);
CREATE TABLE subscriptions_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id text NOT NULL,
  webhook_id text NOT NULL,
  event_position text NOT NULL,
  event_type text NOT NULL,
  attempt int NOT NULL,
  attempted_at timestamptz NOT NULL,
  status int,
  duration_ms int NOT NULL,
  error text
);
CREATE INDEX subscriptions_deliveries_recent ON subscriptions_deliveries (subscription_id, id DESC);`,
  },
  {
    // The throttle and the transform of a subscription; a test event has no log position.
    id: "002-throttle-transform",
    sql: `
ALTER TABLE subscriptions_subscriptions ADD COLUMN max_per_second int, ADD COLUMN transform jsonb;
ALTER TABLE subscriptions_deliveries ALTER COLUMN event_position DROP NOT NULL;`,
  },
];
