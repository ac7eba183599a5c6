-- Time windows on the id: <format>_within(id, tstzrange) (and id <@ tstzrange for the own types) becomes a range
-- on the id, so it uses the primary key and prunes partitions, and its answer is exactly that of the extracted
-- timestamp, at every edge.
SET TimeZone = 'UTC';

-- For each format: ids at every millisecond of a second (and a little past), then windows with every kind of
-- end, on and off the milliseconds; within() must agree with extract_timestamp(id) <@ window for all of them.
CREATE FUNCTION pg_temp.window_disagreements(format text, key_type text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	base timestamptz := '2026-11-23 10:00:00Z';
	disagreements bigint := 0;
	n bigint;
	window_text text;
BEGIN
	EXECUTE format('CREATE TEMP TABLE ids AS SELECT %1$I(%3$L::timestamptz + g * interval ''250 microseconds'')::%2$s AS id
	                FROM generate_series(-8, 4008) AS g', format || '_boundary', key_type, base);
	FOR window_text IN
		SELECT format('%s%s,%s%s', lower_inc, lower_edge, upper_edge, upper_inc)
		FROM unnest(ARRAY['[', '(']) AS lower_inc, unnest(ARRAY[']', ')']) AS upper_inc,
		     unnest(ARRAY['', base::text, (base + interval '1 ms')::text, (base + interval '1500 us')::text, '-infinity']) AS lower_edge,
		     unnest(ARRAY['', (base + interval '7 ms')::text, (base + interval '7250 us')::text,
		                  (base + interval '1 s')::text, 'infinity']) AS upper_edge
		UNION ALL VALUES ('empty')
	LOOP
		EXECUTE format('SELECT count(*) FROM ids WHERE (%1$I(id, %2$L)) IS DISTINCT FROM (%3$I(id) <@ %2$L::tstzrange)',
		               format || '_within', window_text, format || '_extract_timestamp')
		INTO n;
		disagreements := disagreements + n;
	END LOOP;
	DROP TABLE ids;
	RETURN disagreements;
END $$;
-- every format ordered by time (identities_formats)
SELECT format_name AS format, pg_temp.window_disagreements(format_name, id_type::text) AS disagreements
FROM identities_formats WHERE time_ordered ORDER BY format_name;

-- the window's first and last ids: unbounded ends and empty windows
SELECT distributedid_window_first('[2026-11-23 10:00Z,)') = distributedid_boundary('2026-11-23 10:00Z') AS first_is_boundary,
       distributedid_window_last('[,2026-11-23 10:00Z)')::numeric = distributedid_boundary('2026-11-23 10:00Z')::numeric - 1 AS last_is_before,
       distributedid_window_first('(,)'), distributedid_window_last('(,)'),
       distributedid_window_first('empty'), distributedid_window_last('empty');
-- pg_partman passes ids to its time decoder as text; the text forms give the same
SELECT distributedid128_extract_timestamp('0961d372-e500-7000-0000-000000000000') AS from_an_unknown_literal,
       distributedid128_extract_timestamp('0961d372-e500-7000-0000-000000000000'::text) AS from_text,
       uuidv7_extract_timestamp(uuidv7_boundary('2026-11-23 10:00Z')::text),
       hotguid_extract_timestamp(hotguid_boundary('2026-11-23 10:00:00.5Z')::text);
SELECT iuid_window_first('(,)'), iuid_window_last('(,)'), siq_window_last('(,)'), snowflake_window_last('(,)'),
       ulid_window_first('(,)'), ulid_window_last('(,)'), uuidv7_window_first('[infinity,)') AS past_the_range;
-- an iuid window's last id is an iuid (the largest of the last millisecond), so its text reads back: a query
-- shipped as text (postgres_fdw, EXPLAIN's output pasted) keeps working
SELECT iuid_window_last('[2026-11-23 10:00Z,2026-11-23 11:00Z)') AS last,
       iuid_window_last('[2026-11-23 10:00Z,2026-11-23 11:00Z)')::text::iuid = iuid_window_last('[2026-11-23 10:00Z,2026-11-23 11:00Z)') AS reads_back,
       iuid_extract_timestamp(iuid_window_last('[2026-11-23 10:00Z,2026-11-23 11:00Z)')) AS its_time;

-- the primary key serves the window, for each format and for the operator form
SET enable_seqscan = off;
SET enable_bitmapscan = off;
CREATE TABLE d (id distributedid PRIMARY KEY);
CREATE TABLE u (id uuid PRIMARY KEY);
CREATE TABLE i (id iuid PRIMARY KEY);
CREATE TABLE s (id siq PRIMARY KEY);
CREATE TABLE f (id bigint PRIMARY KEY);
CREATE TABLE l (id ulid PRIMARY KEY);
EXPLAIN (COSTS OFF) SELECT * FROM d WHERE id <@ '[2026-11-23 10:00Z,2026-11-23 11:00Z)';
EXPLAIN (COSTS OFF) SELECT * FROM u WHERE distributedid128_within(id, '[2026-11-23 10:00Z,2026-11-23 11:00Z)');
EXPLAIN (COSTS OFF) SELECT * FROM u WHERE uuidv7_within(id, '[2026-11-23 10:00Z,2026-11-23 11:00Z)');
EXPLAIN (COSTS OFF) SELECT * FROM i WHERE id <@ '[2026-11-23 10:00Z,2026-11-23 11:00Z)';
EXPLAIN (COSTS OFF) SELECT * FROM s WHERE siq_within(id, '[2026-11-23 10:00Z,2026-11-23 11:00Z)');
EXPLAIN (COSTS OFF) SELECT * FROM f WHERE snowflake_within(id, '[2026-11-23 10:00Z,2026-11-23 11:00Z)');
EXPLAIN (COSTS OFF) SELECT * FROM u WHERE hotguid_within(id, '[2026-11-23 10:00Z,2026-11-23 11:00Z)');
EXPLAIN (COSTS OFF) SELECT * FROM l WHERE id <@ '[2026-11-23 10:00Z,2026-11-23 11:00Z)';
-- relative to now(): the same range, computed when the statement starts
EXPLAIN (COSTS OFF) SELECT * FROM d WHERE id <@ tstzrange(now() - interval '1 day', NULL);
RESET enable_seqscan;
RESET enable_bitmapscan;
DROP TABLE d, u, i, s, f, l;

-- partitions: a constant window prunes when planned, a window relative to now() when the statement starts
SET enable_bitmapscan = off;
CREATE TABLE events (id iuid PRIMARY KEY, body text) PARTITION BY RANGE (id);
CREATE TABLE events_2026_10 PARTITION OF events FOR VALUES FROM (iuid_boundary('2026-10-01Z')) TO (iuid_boundary('2026-11-01Z'));
CREATE TABLE events_2026_11 PARTITION OF events FOR VALUES FROM (iuid_boundary('2026-11-01Z')) TO (iuid_boundary('2026-12-01Z'));
CREATE TABLE events_later PARTITION OF events FOR VALUES FROM (iuid_boundary('2026-12-01Z')) TO (MAXVALUE);
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id <@ '[2026-11-20Z,2026-11-21Z)';
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id <@ tstzrange('2026-11-20Z'::timestamptz + (now() - now()), NULL);
-- the same window written on the extracted timestamp reads every partition, with no index condition
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE iuid_extract_timestamp(id) >= '2026-11-20Z' AND iuid_extract_timestamp(id) < '2026-11-21Z';
DROP TABLE events;
RESET enable_bitmapscan;

-- the other style: RANGE on the extracted timestamp prunes a predicate on that expression, not one on the id, and
-- takes no primary key
CREATE TABLE events_by_time (id iuid NOT NULL, body text) PARTITION BY RANGE (iuid_extract_timestamp(id));
CREATE TABLE events_by_time_2026_10 PARTITION OF events_by_time FOR VALUES FROM ('2026-10-01Z') TO ('2026-11-01Z');
CREATE TABLE events_by_time_2026_11 PARTITION OF events_by_time FOR VALUES FROM ('2026-11-01Z') TO ('2026-12-01Z');
EXPLAIN (COSTS OFF) SELECT * FROM events_by_time WHERE iuid_extract_timestamp(id) >= '2026-11-20Z';
EXPLAIN (COSTS OFF) SELECT * FROM events_by_time WHERE id <@ '[2026-11-20Z,)';
ALTER TABLE events_by_time ADD PRIMARY KEY (id);
DROP TABLE events_by_time;
