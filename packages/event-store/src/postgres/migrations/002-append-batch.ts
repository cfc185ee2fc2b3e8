import type { Migration } from "@platform/db";

/**
 * Event-store migration 002-append-batch: es_append_batch, several appends in one statement (group commit); drops
 * es_append.
 */
export const appendBatch: Migration = {
  id: "002-append-batch",
  sql: `
-- Appends, one or several at once (group commit): the appends of several streams that
-- arrive together, in one round trip and one transaction (one WAL flush instead of one
-- each). p_batch is a JSON array of {stream, expected, events, reserve, release}. Per item:
-- lock the stream row and check the expected version, check the keys to reserve, then move
-- keys and insert the events; a refused item writes nothing and is reported in its row (err
-- ES_WRONG_VERSION with detail = actual version, or ES_KEY_TAKEN with detail = scope, hint =
-- key) while the others commit. A key taken by a concurrent transaction after its check
-- raises ES_KEY_TAKEN for the whole statement: nothing of it is stored, and the caller
-- retries a batch of several one append at a time, which reports each outcome exactly.
-- Supersedes es_append (one append, errors raised), dropped below.
CREATE OR REPLACE FUNCTION es_append_batch(p_batch jsonb)
RETURNS TABLE (idx integer, next_version integer, tx text, pos bigint, err text, detail text, hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_item jsonb;
  v_ord bigint;
  v_stream text;
  v_expected text;
  v_events jsonb;
  v_count integer;
  v_current integer;
  v_taken record;
  v_holder text;
  v_refused boolean;
  v_version integer;
  v_tx text;
  v_pos bigint;
BEGIN
  FOR v_item, v_ord IN SELECT t.e, t.ord
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY AS t(e, ord) LOOP
    v_stream := v_item->>'stream';
    v_expected := v_item->>'expected';
    v_events := v_item->'events';
    v_count := jsonb_array_length(v_events);
    SELECT s.version INTO v_current FROM es_streams s WHERE s.stream_id = v_stream FOR UPDATE;
    IF (v_expected IN ('no_stream', '0') AND v_current IS NOT NULL)
       OR (v_expected = 'exists' AND v_current IS NULL)
       OR (v_expected NOT IN ('no_stream', '0', 'exists', 'any') AND coalesce(v_current, 0) <> v_expected::integer) THEN
      RETURN QUERY SELECT v_ord::integer, NULL::integer, NULL::text, NULL::bigint,
            'ES_WRONG_VERSION'::text, coalesce(v_current, 0)::text, NULL::text;
      CONTINUE;
    END IF;

    v_refused := false;
    FOR v_taken IN SELECT r.scope, r.key
          FROM jsonb_to_recordset(coalesce(v_item->'reserve', '[]'::jsonb)) AS r(scope text, key text) LOOP
      SELECT k.stream_id INTO v_holder FROM es_keys k WHERE k.scope = v_taken.scope AND k.key = v_taken.key;
      IF FOUND AND v_holder <> v_stream THEN
        RETURN QUERY SELECT v_ord::integer, NULL::integer, NULL::text, NULL::bigint,
              'ES_KEY_TAKEN'::text, v_taken.scope, v_taken.key;
        v_refused := true;
        EXIT;
      END IF;
    END LOOP;
    CONTINUE WHEN v_refused;

    IF v_current IS NULL THEN
      INSERT INTO es_streams (stream_id, version) VALUES (v_stream, v_count)
      ON CONFLICT (stream_id) DO NOTHING;
      IF NOT FOUND THEN
        RETURN QUERY SELECT v_ord::integer, NULL::integer, NULL::text, NULL::bigint,
              'ES_WRONG_VERSION'::text, '-1'::text, NULL::text;
        CONTINUE;
      END IF;
      v_current := 0;
    ELSE
      UPDATE es_streams SET version = v_current + v_count WHERE stream_id = v_stream;
    END IF;

    FOR v_taken IN SELECT r.scope, r.key
          FROM jsonb_to_recordset(coalesce(v_item->'release', '[]'::jsonb)) AS r(scope text, key text) LOOP
      DELETE FROM es_keys k WHERE k.scope = v_taken.scope AND k.key = v_taken.key AND k.stream_id = v_stream;
    END LOOP;
    FOR v_taken IN SELECT r.scope, r.key
          FROM jsonb_to_recordset(coalesce(v_item->'reserve', '[]'::jsonb)) AS r(scope text, key text) LOOP
      INSERT INTO es_keys (scope, key, stream_id) VALUES (v_taken.scope, v_taken.key, v_stream)
      ON CONFLICT (scope, key) DO NOTHING;
      IF NOT FOUND THEN
        PERFORM 1 FROM es_keys k WHERE k.scope = v_taken.scope AND k.key = v_taken.key AND k.stream_id <> v_stream;
        IF FOUND THEN RAISE EXCEPTION 'ES_KEY_TAKEN' USING DETAIL = v_taken.scope, HINT = v_taken.key; END IF;
      END IF;
    END LOOP;

    WITH ins AS (
      INSERT INTO es_events (event_id, stream_id, version, type, schema_version, data, metadata)
      SELECT (e->>'id')::uuid, v_stream, v_current + t.ord::integer, e->>'type',
             coalesce((e->>'schemaVersion')::integer, 1), e->'data', e->'metadata'
        FROM jsonb_array_elements(v_events) WITH ORDINALITY AS t(e, ord)
      RETURNING es_events.version, es_events.transaction_id, es_events.global_position
    )
    SELECT ins.version, ins.transaction_id::text, ins.global_position
      INTO v_version, v_tx, v_pos
      FROM ins ORDER BY ins.version DESC LIMIT 1;
    RETURN QUERY SELECT v_ord::integer, v_version, v_tx, v_pos, NULL::text, NULL::text, NULL::text;
  END LOOP;
END
$fn$;
DROP FUNCTION IF EXISTS es_append(text, text, jsonb, jsonb, jsonb);
`,
};
