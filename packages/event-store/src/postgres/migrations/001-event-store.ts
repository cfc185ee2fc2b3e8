import type { Migration } from "@platform/db";

/**
 * Event-store migration 001-event-store: the event store's tables (streams, events in global order, natural keys) and
 * es_append, one append per call.
 */
export const eventStoreTables: Migration = {
  id: "001-event-store",
  sql: `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id text PRIMARY KEY,
  version integer NOT NULL
);
CREATE TABLE IF NOT EXISTS es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  version integer NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS es_events_global ON es_events (transaction_id, global_position);
CREATE TABLE IF NOT EXISTS es_keys (
  scope text NOT NULL,
  key text NOT NULL,
  stream_id text NOT NULL,
  PRIMARY KEY (scope, key)
);

-- One round trip per append: check the expected version, move keys, insert the events.
-- Raises 'ES_WRONG_VERSION' (detail = actual version) or 'ES_KEY_TAKEN' (detail = scope, hint = key).
CREATE OR REPLACE FUNCTION es_append(p_stream text, p_expected text, p_events jsonb, p_reserve jsonb, p_release jsonb)
RETURNS TABLE (next_version integer, tx text, pos bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_current integer;
  v_count integer := jsonb_array_length(p_events);
  v_taken record;
BEGIN
  SELECT s.version INTO v_current FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF p_expected = 'no_stream' OR p_expected = '0' THEN
    IF v_current IS NOT NULL THEN RAISE EXCEPTION 'ES_WRONG_VERSION' USING DETAIL = v_current::text; END IF;
  ELSIF p_expected = 'exists' THEN
    IF v_current IS NULL THEN RAISE EXCEPTION 'ES_WRONG_VERSION' USING DETAIL = '0'; END IF;
  ELSIF p_expected <> 'any' THEN
    IF coalesce(v_current, 0) <> p_expected::integer THEN
      RAISE EXCEPTION 'ES_WRONG_VERSION' USING DETAIL = coalesce(v_current, 0)::text;
    END IF;
  END IF;

  IF v_current IS NULL THEN
    -- A concurrent creator got there first. ON CONFLICT instead of an EXCEPTION block: no
    -- subtransaction on every stream creation.
    INSERT INTO es_streams (stream_id, version) VALUES (p_stream, v_count) ON CONFLICT (stream_id) DO NOTHING;
    IF NOT FOUND THEN RAISE EXCEPTION 'ES_WRONG_VERSION' USING DETAIL = '-1'; END IF;
    v_current := 0;
  ELSE
    UPDATE es_streams SET version = v_current + v_count WHERE stream_id = p_stream;
  END IF;

  -- Keys one at a time, each a primary-key lookup: a join with jsonb_to_recordset leaves the
  -- planner guessing and it scans es_keys, which grows with every order.
  IF p_release IS NOT NULL THEN
    FOR v_taken IN SELECT r.scope, r.key FROM jsonb_to_recordset(p_release) AS r(scope text, key text) LOOP
      DELETE FROM es_keys k WHERE k.scope = v_taken.scope AND k.key = v_taken.key AND k.stream_id = p_stream;
    END LOOP;
  END IF;
  IF p_reserve IS NOT NULL THEN
    FOR v_taken IN SELECT r.scope, r.key FROM jsonb_to_recordset(p_reserve) AS r(scope text, key text) LOOP
      INSERT INTO es_keys (scope, key, stream_id) VALUES (v_taken.scope, v_taken.key, p_stream)
      ON CONFLICT (scope, key) DO NOTHING;
      IF NOT FOUND THEN
        PERFORM 1 FROM es_keys k WHERE k.scope = v_taken.scope AND k.key = v_taken.key AND k.stream_id <> p_stream;
        IF FOUND THEN RAISE EXCEPTION 'ES_KEY_TAKEN' USING DETAIL = v_taken.scope, HINT = v_taken.key; END IF;
      END IF;
    END LOOP;
  END IF;

  RETURN QUERY
  WITH ins AS (
    INSERT INTO es_events (event_id, stream_id, version, type, schema_version, data, metadata)
    SELECT (e->>'id')::uuid, p_stream, v_current + t.ord::integer, e->>'type',
           coalesce((e->>'schemaVersion')::integer, 1), e->'data', e->'metadata'
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord)
    RETURNING es_events.version, es_events.transaction_id, es_events.global_position
  )
  SELECT ins.version, ins.transaction_id::text, ins.global_position FROM ins ORDER BY ins.version DESC LIMIT 1;
END
$fn$;
`,
};
