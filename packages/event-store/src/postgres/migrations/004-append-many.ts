import type { Migration } from "@platform/db";

/**
 * Event-store migration 004-append-many: es_append_many, group commit as arrays, checked in memory and written once per
 * table; drops es_append_batch.
 */
export const appendMany: Migration = {
  id: "004-append-many",
  sql: `
-- Group commit, set-based. es_append_batch (003) took a JSON document of the whole group,
-- parsed it at once and then ran about ten statements per append in a loop: on the embedded
-- engine that loop cost more than the writes themselves (a group of 15 order creates: 6 ms,
-- of which 1 ms parsing the document and 2.5 ms the loop's own statements). es_append_many
-- takes the group as arrays, one element per append, per event, per key claim and per
-- inline write (events, keys and writes in their append's order, each naming its append by
-- its 1-based index; an event also its place in its append, 1-based; event data, distinct
-- metadata and write arguments as JSON arrays, an event naming its metadata's 0-based
-- index), checks every append in memory against one locked read of the streams and one read
-- of the keys' holders, then writes each table once for the group.
--
-- An append whose expected version does not hold, or one of whose keys to reserve another
-- stream holds, is refused in its own row (ES_WRONG_VERSION, detail = actual version;
-- ES_KEY_TAKEN, detail = scope, hint = key) and writes nothing; the others commit. A group
-- naming one stream or one key in two appends is refused as a whole (ES_GROUP_OVERLAPS), and
-- so is one that meets a stream created or a key taken by a concurrent transaction after its
-- checks (ES_WRONG_VERSION detail '-1', ES_KEY_TAKEN): the caller then runs each append
-- alone, which reports each outcome exactly. Inline writes: for each function named by the
-- group's appended items, fn(arg) for each of its writes in order, after all the events.
CREATE OR REPLACE FUNCTION es_append_many(
  p_streams text[], p_expected text[], p_counts integer[],
  p_event_items integer[], p_event_ns integer[], p_event_ids uuid[], p_types text[], p_schemas integer[], p_data jsonb,
  p_meta_of integer[], p_metas jsonb,
  p_key_items integer[], p_key_scopes text[], p_key_keys text[], p_key_releases boolean[],
  p_write_items integer[], p_write_fns text[], p_write_args jsonb)
RETURNS TABLE (idx integer, next_version integer, tx text, pos bigint, err text, detail text, hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_n integer := cardinality(p_streams);
  v_keys integer := coalesce(cardinality(p_key_keys), 0);
  v_versions jsonb;
  v_holders jsonb;
  v_ok boolean[];
  v_base integer[];
  v_current integer;
  v_expected text;
  v_holder text;
  v_scope text;
  v_key text;
  v_refused boolean;
  v_i integer;
  v_k integer := 1;
  v_from integer;
  v_fresh integer := 0;
  v_rows integer;
  v_fn text;
  v_new_streams text[] := '{}';
  v_new_counts integer[] := '{}';
  v_old_streams text[] := '{}';
  v_old_versions integer[] := '{}';
  v_rel_scopes text[] := '{}';
  v_rel_keys text[] := '{}';
  v_rel_streams text[] := '{}';
  v_res_scopes text[] := '{}';
  v_res_keys text[] := '{}';
  v_res_streams text[] := '{}';
BEGIN
  IF v_n > 1 AND (
       (SELECT count(DISTINCT s) FROM unnest(p_streams) AS s) < v_n
    OR (SELECT count(DISTINCT (k.scope, k.key)) <> count(DISTINCT (k.item, k.scope, k.key))
          FROM unnest(p_key_items, p_key_scopes, p_key_keys) AS k(item, scope, key))) THEN
    RAISE EXCEPTION 'ES_GROUP_OVERLAPS';
  END IF;

  -- Every stream of the group locked in one statement (in the index's order: two groups
  -- lock their common streams in the same order), and every holder of a key it names, by
  -- [scope, key] as JSON text (no separator a scope or key could contain).
  SELECT coalesce(jsonb_object_agg(s.stream_id, s.version), '{}'::jsonb) INTO v_versions
    FROM (SELECT es_streams.stream_id, es_streams.version FROM es_streams
           WHERE es_streams.stream_id = ANY(p_streams) ORDER BY es_streams.stream_id FOR UPDATE) AS s;
  v_holders := '{}'::jsonb;
  IF v_keys > 0 THEN
    SELECT coalesce(jsonb_object_agg(jsonb_build_array(k.scope, k.key)::text, k.stream_id), '{}'::jsonb) INTO v_holders
      FROM es_keys k WHERE k.scope = ANY(p_key_scopes) AND k.key = ANY(p_key_keys);
  END IF;

  v_ok := array_fill(false, ARRAY[v_n]);
  v_base := array_fill(0, ARRAY[v_n]);
  FOR v_i IN 1 .. v_n LOOP
    v_current := (v_versions->>p_streams[v_i])::integer;
    v_expected := p_expected[v_i];
    v_from := v_k;
    WHILE v_k <= v_keys AND p_key_items[v_k] = v_i LOOP
      v_k := v_k + 1;
    END LOOP;
    IF (v_expected IN ('no_stream', '0') AND v_current IS NOT NULL)
       OR (v_expected = 'exists' AND v_current IS NULL)
       OR (v_expected NOT IN ('no_stream', '0', 'exists', 'any') AND coalesce(v_current, 0) <> v_expected::integer) THEN
      idx := v_i; next_version := NULL; tx := NULL; pos := NULL;
      err := 'ES_WRONG_VERSION'; detail := coalesce(v_current, 0)::text; hint := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_refused := false;
    FOR v_j IN v_from .. v_k - 1 LOOP
      CONTINUE WHEN p_key_releases[v_j];
      v_holder := v_holders->>(jsonb_build_array(p_key_scopes[v_j], p_key_keys[v_j])::text);
      IF v_holder IS NOT NULL AND v_holder <> p_streams[v_i] THEN
        idx := v_i; next_version := NULL; tx := NULL; pos := NULL;
        err := 'ES_KEY_TAKEN'; detail := p_key_scopes[v_j]; hint := p_key_keys[v_j];
        RETURN NEXT;
        v_refused := true;
        EXIT;
      END IF;
    END LOOP;
    CONTINUE WHEN v_refused;

    v_ok[v_i] := true;
    v_base[v_i] := coalesce(v_current, 0);
    IF v_current IS NULL THEN
      v_new_streams := v_new_streams || p_streams[v_i];
      v_new_counts := v_new_counts || p_counts[v_i];
    ELSE
      v_old_streams := v_old_streams || p_streams[v_i];
      v_old_versions := v_old_versions || (v_current + p_counts[v_i]);
    END IF;
    FOR v_j IN v_from .. v_k - 1 LOOP
      IF p_key_releases[v_j] THEN
        v_rel_scopes := v_rel_scopes || p_key_scopes[v_j];
        v_rel_keys := v_rel_keys || p_key_keys[v_j];
        v_rel_streams := v_rel_streams || p_streams[v_i];
      ELSE
        IF v_holders->>(jsonb_build_array(p_key_scopes[v_j], p_key_keys[v_j])::text) IS NULL THEN
          v_fresh := v_fresh + 1;
        END IF;
        v_res_scopes := v_res_scopes || p_key_scopes[v_j];
        v_res_keys := v_res_keys || p_key_keys[v_j];
        v_res_streams := v_res_streams || p_streams[v_i];
      END IF;
    END LOOP;
  END LOOP;
  IF NOT (true = ANY(v_ok)) THEN RETURN; END IF;

  IF cardinality(v_new_streams) > 0 THEN
    INSERT INTO es_streams (stream_id, version) SELECT * FROM unnest(v_new_streams, v_new_counts)
    ON CONFLICT (stream_id) DO NOTHING;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows < cardinality(v_new_streams) THEN RAISE EXCEPTION 'ES_WRONG_VERSION' USING DETAIL = '-1'; END IF;
  END IF;
  IF cardinality(v_old_streams) > 0 THEN
    UPDATE es_streams s SET version = u.version FROM unnest(v_old_streams, v_old_versions) AS u(stream_id, version)
     WHERE s.stream_id = u.stream_id;
  END IF;
  -- Releases before reservations, as an append that moves a key releases it first.
  IF cardinality(v_rel_keys) > 0 THEN
    DELETE FROM es_keys k USING unnest(v_rel_scopes, v_rel_keys, v_rel_streams) AS r(scope, key, stream_id)
     WHERE k.scope = r.scope AND k.key = r.key AND k.stream_id = r.stream_id;
  END IF;
  IF cardinality(v_res_keys) > 0 THEN
    INSERT INTO es_keys (scope, key, stream_id) SELECT * FROM unnest(v_res_scopes, v_res_keys, v_res_streams)
    ON CONFLICT (scope, key) DO NOTHING;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows < v_fresh THEN
      SELECT r.scope, r.key INTO v_scope, v_key
        FROM unnest(v_res_scopes, v_res_keys, v_res_streams) AS r(scope, key, stream_id)
        JOIN es_keys k ON k.scope = r.scope AND k.key = r.key AND k.stream_id <> r.stream_id LIMIT 1;
      RAISE EXCEPTION 'ES_KEY_TAKEN' USING DETAIL = v_scope, HINT = v_key;
    END IF;
  END IF;

  RETURN QUERY
  WITH ins AS (
    INSERT INTO es_events (event_id, stream_id, version, type, schema_version, data, metadata)
    SELECT p_event_ids[e], p_streams[p_event_items[e]],
           v_base[p_event_items[e]] + p_event_ns[e],
           p_types[e], p_schemas[e], p_data->(e - 1), p_metas->p_meta_of[e]
      FROM generate_subscripts(p_event_ids, 1) AS e
     WHERE v_ok[p_event_items[e]]
     ORDER BY e
    RETURNING es_events.stream_id, es_events.global_position
  ), last AS (
    SELECT ins.stream_id, max(ins.global_position) AS global_position FROM ins GROUP BY ins.stream_id
  )
  SELECT i, v_base[i] + p_counts[i], pg_current_xact_id()::text, last.global_position,
         NULL::text, NULL::text, NULL::text
    FROM generate_series(1, v_n) AS i JOIN last ON last.stream_id = p_streams[i]
   WHERE v_ok[i];

  FOR v_fn IN SELECT DISTINCT p_write_fns[w] FROM generate_subscripts(p_write_fns, 1) AS w
              WHERE v_ok[p_write_items[w]] LOOP
    EXECUTE format('SELECT %I($1->(w - 1)) FROM generate_subscripts($2, 1) AS w '
                   || 'WHERE $2[w] = $3 AND $4[$5[w]] ORDER BY w', v_fn)
      USING p_write_args, p_write_fns, v_fn, v_ok, p_write_items;
  END LOOP;
END
$fn$;
DROP FUNCTION IF EXISTS es_append_batch(jsonb);
`,
};
