-- snowflake: the portable edition against the native one
\set ON_ERROR_STOP on
SET TimeZone = 'UTC';

-- the known answers of test/vectors/snowflake.tsv (Discord's documented example first): every field under the row's
-- epoch, and the default epoch's timestamp for the rows at Discord's epoch
SELECT sameness.check('snowflake vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('snowflake', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('snowflake'), LATERAL (SELECT (v->>'snowflake')::bigint AS id, (v->>'epoch')::timestamptz AS epoch) AS s,
	LATERAL (VALUES
	('snowflake_extract_timestamp', (v->>'timestamp')::timestamptz::text, native.snowflake_extract_timestamp(s.id, s.epoch)::text,
	 portable.snowflake_extract_timestamp(s.id, s.epoch)::text),
	('snowflake_extract_timestamp (default epoch)', CASE WHEN s.epoch = '2015-01-01Z' THEN (v->>'timestamp')::timestamptz::text END,
	 CASE WHEN s.epoch = '2015-01-01Z' THEN native.snowflake_extract_timestamp(s.id)::text END,
	 CASE WHEN s.epoch = '2015-01-01Z' THEN portable.snowflake_extract_timestamp(s.id)::text END),
	('snowflake_extract_worker', v->>'worker', native.snowflake_extract_worker(s.id)::text, portable.snowflake_extract_worker(s.id)::text),
	('snowflake_extract_process', v->>'process', native.snowflake_extract_process(s.id)::text, portable.snowflake_extract_process(s.id)::text),
	('snowflake_extract_increment', v->>'increment', native.snowflake_extract_increment(s.id)::text,
	 portable.snowflake_extract_increment(s.id)::text)
	) AS c(call, expected, native, portable);

-- the boundaries of the native regression test (Discord's documented example, the ends)
SELECT sameness.check('snowflake boundary vectors', count(*), array_agg(format('%s: native %s, portable %s, expected %s', label, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (VALUES
	('b_example', native.snowflake_boundary('2016-04-30 11:18:25.796Z')::text, portable.snowflake_boundary('2016-04-30 11:18:25.796Z')::text,
		'175928847298985984'),
	('b_next_ms', native.snowflake_boundary('2016-04-30 11:18:25.7961Z')::text, portable.snowflake_boundary('2016-04-30 11:18:25.7961Z')::text,
		'175928847303180288'),
	('b_epoch', native.snowflake_boundary('2015-01-01Z')::text, portable.snowflake_boundary('2015-01-01Z')::text, '0'),
	('b_before', native.snowflake_boundary('2000-01-01Z')::text, portable.snowflake_boundary('2000-01-01Z')::text, '0'),
	('b_own_epoch', native.snowflake_boundary('2026-01-01Z', '2026-01-01Z')::text, portable.snowflake_boundary('2026-01-01Z', '2026-01-01Z')::text, '0'),
	('b_last', native.snowflake_boundary('2084-09-06 15:47:35.551Z')::text, portable.snowflake_boundary('2084-09-06 15:47:35.551Z')::text,
		'9223372036850581504')
	) AS vectors (label, native, portable, expected);

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('snowflake_extract_timestamp edges', '%E.snowflake_extract_timestamp(%1)', ARRAY[
	'0::bigint', '1::bigint', '4194303::bigint', '4194304::bigint', '175928847299117063::bigint', '9223372036854775807::bigint',
	'-1::bigint', '-9223372036854775808::bigint', 'NULL::bigint']);
SELECT sameness.same_outcomes('snowflake_extract_timestamp(id, epoch) edges', '%E.snowflake_extract_timestamp(%1)', ARRAY[
	'0, ''1970-01-01Z''', '9223372036854775807, ''1970-01-01Z''', '1, ''1969-12-31 23:59:59.999999Z''', '1, ''1969-12-31Z''',
	'9223372036854775807, ''6429-10-17 02:45:55.327Z''', '9223372036854775807, ''6429-10-17 02:45:55.327999Z''',
	'9223372036854775807, ''6429-10-17 02:45:55.328Z''', '0, ''infinity''', '0, ''-infinity''', '-1, ''infinity''', '-1, ''2015-01-01Z''',
	'4194304, ''2015-01-01 00:00:00.0005Z''', '4194304, ''2015-01-01 00:00:00.0005+05:30''', '1, NULL', 'NULL, ''2015-01-01Z''']);
SELECT sameness.same_outcomes('snowflake_extract_worker/process/increment edges',
	'%E.snowflake_extract_worker(%1)::text || '' '' || %E.snowflake_extract_process(%1) || '' '' || %E.snowflake_extract_increment(%1)', ARRAY[
	'0::bigint', '4095::bigint', '131071::bigint', '4194303::bigint', '9223372036854775807::bigint', '-1::bigint',
	'-9223372036854775808::bigint', 'NULL::bigint', '175928847299117063::bigint']);
SELECT sameness.same_outcomes('snowflake_extract_worker edges', '%E.snowflake_extract_worker(%1)', ARRAY['-1::bigint', '3932160::bigint', 'NULL::bigint']);
SELECT sameness.same_outcomes('snowflake_extract_process edges', '%E.snowflake_extract_process(%1)', ARRAY['-1::bigint', '126976::bigint', 'NULL::bigint']);
SELECT sameness.same_outcomes('snowflake_extract_increment edges', '%E.snowflake_extract_increment(%1)', ARRAY['-1::bigint', '4095::bigint', 'NULL::bigint']);
SELECT sameness.same_outcomes('snowflake_boundary edges', '%E.snowflake_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''2015-01-01Z''::timestamptz', '''2015-01-01 00:00:00.000001Z''::timestamptz',
	'''2014-12-31 23:59:59.999999Z''::timestamptz', '''2084-09-06 15:47:35.551Z''::timestamptz', '''2084-09-06 15:47:35.550001Z''::timestamptz',
	'''2084-09-06 15:47:35.551001Z''::timestamptz', '''2084-09-06 15:47:35.552Z''::timestamptz', '''1970-01-01Z''::timestamptz',
	'''4713-01-01 BC''::timestamptz', '''2020-01-01 00:00:00.0005Z''::timestamptz', 'NULL::timestamptz']);
SELECT sameness.same_outcomes('snowflake_boundary(instant, epoch) edges', '%E.snowflake_boundary(%1)', ARRAY[
	'''2026-01-01Z'', ''2026-01-01Z''', '''2026-01-01 00:00:00.000001Z'', ''2026-01-01Z''', '''2026-01-01Z'', ''1970-01-01Z''',
	'''2039-09-07 15:47:35.551Z'', ''1970-01-01Z''', '''2039-09-07 15:47:35.552Z'', ''1970-01-01Z''', '''2026-01-01Z'', ''1969-12-31 23:59:59.999Z''',
	'''2026-01-01Z'', ''6429-10-17 02:45:55.327Z''', '''infinity'', ''6429-10-17 02:45:55.327Z''', '''-infinity'', ''6429-10-17 02:45:55.327Z''',
	'''6500-01-01Z'', ''6429-10-17 02:45:55.327Z''', '''2026-01-01Z'', ''6429-10-17 02:45:55.328Z''', '''2026-01-01Z'', ''infinity''',
	'''2026-01-01Z'', ''-infinity''', '''infinity'', ''infinity''', '''2026-01-01 00:00:00.0004Z'', ''2026-01-01 00:00:00.0005Z''',
	'''2026-01-01 00:00:00.0005Z'', ''2026-01-01 00:00:00.0005Z''', '''2026-01-01 00:00:00.0015Z'', ''2026-01-01 00:00:00.0005Z''',
	'NULL, ''2026-01-01Z''', '''2026-01-01Z'', NULL']);
SELECT sameness.same_outcomes('snowflake windows edges', '%E.snowflake_window_first(%1)::text || '' '' || %E.snowflake_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[2084-09-06 15:47:35.551Z,)''::tstzrange',
	'''(2084-09-06 15:47:35.551Z,)''::tstzrange', '''[2084-09-06 15:47:35.552Z,)''::tstzrange', '''[2090-01-01Z,)''::tstzrange',
	'''(,2015-01-01Z)''::tstzrange', '''(,2015-01-01Z]''::tstzrange', '''(,2015-01-01 00:00:00.001Z)''::tstzrange',
	'''(,2015-01-01 00:00:00.001Z]''::tstzrange', '''[2000-01-01Z,2015-01-01Z)''::tstzrange', '''(,2084-09-06 15:47:35.551Z]''::tstzrange',
	'''(,2090-01-01Z)''::tstzrange', '''(2020-01-01Z,2020-01-01 00:00:00.001Z)''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange',
	'''[2020-01-01 00:00:00.0005Z,2020-01-01 00:00:00.0006Z)''::tstzrange', 'NULL::tstzrange']);
SELECT sameness.same_outcomes('snowflake_within edges', '%E.snowflake_within(%1)', ARRAY[
	'0, ''(,)''', '0, ''empty''', '175928847298985984, ''[2016-04-30 11:18:25.796Z,2016-04-30 11:18:25.797Z)''',
	'175928847303180287, ''[2016-04-30 11:18:25.796Z,2016-04-30 11:18:25.797Z)''', '175928847303180288, ''[2016-04-30 11:18:25.796Z,2016-04-30 11:18:25.797Z)''',
	'175928847298985983, ''[2016-04-30 11:18:25.796Z,2016-04-30 11:18:25.797Z)''', '-1, ''(,)''', 'NULL, ''(,)''', '1, NULL']);

-- :samples random ids over the whole non-negative bigint range and 10 000 negative ones: every field, under the
-- server's epoch and others
CREATE TEMP TABLE ids AS
SELECT CASE WHEN n > :samples THEN -1 - id ELSE id END AS id,
	timestamptz '1970-01-01Z' + random() * (timestamptz '6429-10-17Z' - timestamptz '1970-01-01Z') AS epoch
FROM (SELECT n, ((random() * 2147483647)::bigint << 32) | (random() * 4294967295)::bigint AS id FROM generate_series(1, :samples + 10000) AS n) AS drawn;
SELECT sameness.check('snowflake fields', count(*), array_agg(id::text)
		FILTER (WHERE native.snowflake_extract_timestamp(id) IS DISTINCT FROM portable.snowflake_extract_timestamp(id)
			OR native.snowflake_extract_timestamp(id, epoch) IS DISTINCT FROM portable.snowflake_extract_timestamp(id, epoch)
			OR native.snowflake_extract_worker(id) IS DISTINCT FROM portable.snowflake_extract_worker(id)
			OR native.snowflake_extract_process(id) IS DISTINCT FROM portable.snowflake_extract_process(id)
			OR native.snowflake_extract_increment(id) IS DISTINCT FROM portable.snowflake_extract_increment(id)))
FROM ids WHERE id >= 0;
SELECT sameness.check('snowflake fields (errors, odd epochs)', count(*), array_agg(format('%s %s', id, epoch))
		FILTER (WHERE sameness.outcome(format('SELECT native.snowflake_extract_timestamp(%s, %L)', id, epoch))
				IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_extract_timestamp(%s, %L)', id, epoch))
			OR sameness.outcome(format('SELECT native.snowflake_extract_timestamp(%s)', id))
				IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_extract_timestamp(%s)', id))
			OR sameness.outcome(format('SELECT native.snowflake_extract_worker(%s)', id))
				IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_extract_worker(%s)', id))))
FROM (SELECT id, CASE WHEN random() < 0.3 THEN epoch - interval '200 years' ELSE epoch END AS epoch FROM ids
	WHERE id < 0 OR random() < 0.05) AS odd;

-- :samples + 20 000 random instants from 1960 to 2100 (before the epoch, in range, past 2084), under the server's epoch and
-- random ones from 1970 to 2100: boundaries, and windows between two of them
CREATE TEMP TABLE instants AS
SELECT timestamptz '1960-01-01Z' + random() * (timestamptz '2100-01-01Z' - timestamptz '1960-01-01Z') AS instant,
	timestamptz '1960-01-01Z' + random() * (timestamptz '2100-01-01Z' - timestamptz '1960-01-01Z') AS other,
	timestamptz '1970-01-01Z' + random() * (timestamptz '2100-01-01Z' - timestamptz '1970-01-01Z') AS epoch
FROM generate_series(1, :samples + 20000);
SELECT sameness.check('snowflake_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.snowflake_boundary(instant) IS DISTINCT FROM portable.snowflake_boundary(instant)))
FROM instants WHERE instant < '2084-09-06Z';
SELECT sameness.check('snowflake_boundary (instant, epoch)', count(*), array_agg(format('%s %s', instant, epoch))
		FILTER (WHERE native.snowflake_boundary(instant, epoch) IS DISTINCT FROM portable.snowflake_boundary(instant, epoch)))
FROM instants WHERE instant < epoch + interval '69 years';
SELECT sameness.check('snowflake_boundary (outcomes)', count(*), array_agg(format('%s %s', instant, epoch))
		FILTER (WHERE sameness.outcome(format('SELECT native.snowflake_boundary(%L)', instant))
				IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_boundary(%L)', instant))
			OR sameness.outcome(format('SELECT native.snowflake_boundary(%L, %L)', instant, epoch))
				IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_boundary(%L, %L)', instant, epoch))))
FROM instants WHERE instant > '2084-01-01Z' OR instant > epoch + interval '68 years' OR random() < 0.02;
SELECT sameness.check('snowflake_window_first/last/within', count(*), array_agg(w::text)
		FILTER (WHERE native.snowflake_window_first(w) IS DISTINCT FROM portable.snowflake_window_first(w)
			OR native.snowflake_window_last(w) IS DISTINCT FROM portable.snowflake_window_last(w)
			OR native.snowflake_within(id, w) IS DISTINCT FROM portable.snowflake_within(id, w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w,
		CASE WHEN random() < 0.5 THEN portable.snowflake_boundary(least(instant, '2084-09-06Z')) + (random() * 8388608)::bigint - 4194304
			ELSE ((random() * 2147483647)::bigint << 32) END AS id
	FROM instants) AS windows;

-- generation: the layout and the fields asked for, the timestamp within the call and as the native one's (apart by
-- no more than the time the two calls took, however long that was, and 50 ms)
SELECT sameness.check('snowflake_generate(worker, process) fields', count(*), array_agg(format('%s: %s', n, id)) FILTER (WHERE
		id < 0 OR portable.snowflake_extract_worker(id) <> n % 32 OR portable.snowflake_extract_process(id) <> n / 32 % 32
		OR portable.snowflake_extract_timestamp(id) < date_trunc('milliseconds', before)
		OR portable.snowflake_extract_timestamp(id) > after
		OR abs(extract(epoch FROM portable.snowflake_extract_timestamp(id) - native.snowflake_extract_timestamp(native_id)))
			> extract(epoch FROM after_native - before) + 0.05
		OR native.snowflake_extract_worker(native_id) <> n % 32 OR native.snowflake_extract_process(native_id) <> n / 32 % 32))
FROM (SELECT n, clock_timestamp() AS before, portable.snowflake_generate(n % 32, n / 32 % 32) AS id, clock_timestamp() AS after,
		native.snowflake_generate(n % 32, n / 32 % 32) AS native_id, clock_timestamp() AS after_native
	FROM generate_series(0, 20479) AS n) AS generated;
-- unique within a session and ordered by their ms (within a ms the increments come from a server-wide counter that
-- wraps every 4096 tickets, in no order a session keeps), the timestamp within the calls
SELECT sameness.check('snowflake_generate unique, ordered by ms', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE (id >> 22) < (previous >> 22) OR portable.snowflake_extract_worker(id) <> 3
			OR portable.snowflake_extract_process(id) <> 7
			OR portable.snowflake_extract_timestamp(id) < date_trunc('milliseconds', before)
			OR portable.snowflake_extract_timestamp(id) > after)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, before, after, lag(id) OVER (ORDER BY n) AS previous
	FROM (SELECT n, clock_timestamp() AS before, portable.snowflake_generate(3, 7) AS id, clock_timestamp() AS after
		FROM generate_series(1, 30000) AS n) AS generated) AS ordered;
-- The increment rule where the ms is fixed (snowflake_generate_at), not where two calls happen to land in one ms,
-- which a busy machine may never do: the ids of one ms, worker and process are told apart by their increment alone,
-- all 4096; they order by it and below the next ms's; any instant of the ms (2021-03-04 05:06:07.891 to .891999)
-- gives the same id; each increment read back; both editions the same.
SELECT sameness.check('snowflake increments within a ms (snowflake_generate_at)', count(*), array_agg(increment::text)
		FILTER (WHERE id IS DISTINCT FROM native_id OR later IS DISTINCT FROM id OR native_later IS DISTINCT FROM id
			OR (id >> 12) <> (first_id >> 12) OR portable.snowflake_extract_increment(id) <> increment
			OR native.snowflake_extract_increment(native_id) <> increment OR id <= previous OR id >= next_ms))
FROM (SELECT increment, id, native_id, later, native_later, first_value(id) OVER w AS first_id, lag(id) OVER w AS previous,
		portable.snowflake_generate_at('2021-03-04 05:06:07.892Z', 0, 3, 7) AS next_ms
	FROM (SELECT increment,
			portable.snowflake_generate_at('2021-03-04 05:06:07.891Z', increment, 3, 7) AS id,
			native.snowflake_generate_at('2021-03-04 05:06:07.891Z', increment, 3, 7) AS native_id,
			portable.snowflake_generate_at('2021-03-04 05:06:07.891999Z', increment, 3, 7) AS later,
			native.snowflake_generate_at('2021-03-04 05:06:07.891999Z', increment, 3, 7) AS native_later
		FROM generate_series(0, 4095) AS increment) AS ids
	WINDOW w AS (ORDER BY increment)) AS ordered;
SELECT sameness.check('snowflake_generate unique', count(*), CASE WHEN count(*) = count(DISTINCT id) THEN '{}'::text[]
		ELSE ARRAY['an id repeated'] END)
FROM (SELECT portable.snowflake_generate(0, 0) AS id FROM generate_series(1, 30000)) AS generated;
-- the increments wrapping (tickets ...4094, ...4095, ...0): unique, ordered by their ms
SELECT setval('portable.identities_snowflake_tickets', (nextval('portable.identities_snowflake_tickets') / 4096 + 1) * 4096 + 4093) \g /dev/null
SELECT sameness.check('snowflake_generate increments wrapping', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id = previous OR (id >> 22) < (previous >> 22)) || CASE WHEN count(*) FILTER (WHERE (id & 4095) < (previous & 4095)) = 0
			THEN ARRAY['no wrap'] ELSE '{}'::text[] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
	FROM (SELECT n, portable.snowflake_generate(0, 0) AS id FROM generate_series(1, 3) AS n) AS generated) AS ordered
WHERE previous IS NOT NULL;
SET identities.snowflake_worker = 17;
SET identities.snowflake_process = 30;
SELECT sameness.same_outcomes('snowflake_generate() under the settings',
	'%E.snowflake_extract_worker(%E.snowflake_generate())::text || '' '' || %E.snowflake_extract_process(%E.snowflake_generate())', ARRAY['1', '2']);
RESET identities.snowflake_worker;
RESET identities.snowflake_process;
SELECT sameness.same_outcomes('snowflake_generate() by default',
	'%E.snowflake_extract_worker(%E.snowflake_generate())::text || '' '' || %E.snowflake_extract_process(%E.snowflake_generate())', ARRAY['1']);
SELECT sameness.same_outcomes('snowflake_generate errors', '%E.snowflake_extract_worker(%E.snowflake_generate(%1))', ARRAY[
	'0, 0', '31, 31', '32, 0', '-1, 0', '0, 32', '0, -1', '32, 32', '2147483647, 0', '-2147483648, -2147483648', 'NULL, 1', '1, NULL']);
-- in a read-only transaction (nextval refused): the portable edition refuses (25006), the native one, which counts
-- in shared memory, generates
BEGIN READ ONLY;
SELECT sameness.check('snowflake_generate read-only', 1, CASE WHEN portable = 'ERROR 25006' AND native NOT LIKE 'ERROR%'
		THEN '{}'::text[] ELSE ARRAY[format('portable %s, native %s', portable, native)] END)
FROM (SELECT sameness.outcome('SELECT portable.snowflake_generate(5, 5)') AS portable,
		sameness.outcome('SELECT native.snowflake_generate(5, 5)') AS native) AS outcomes;
COMMIT;

-- two sessions drawing at the same time (the other one through dblink): no id twice, each session's ordered by ms;
-- how many ms both drew in is shown, not required (a busy machine may run them one after the other)
CREATE EXTENSION IF NOT EXISTS dblink SCHEMA sameness;
\o /dev/null
SELECT sameness.dblink_connect('other', format('host=%s port=%s dbname=%s user=%s',
	split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'), current_database(), current_user));
SELECT sameness.dblink_send_query('other', 'SELECT n, portable.snowflake_generate(1, 2) FROM generate_series(1, 50000) AS n');
CREATE TEMP TABLE drawn AS SELECT 'this' AS session, n, portable.snowflake_generate(1, 2) AS id FROM generate_series(1, 50000) AS n;
INSERT INTO drawn SELECT 'other', n, id FROM sameness.dblink_get_result('other') AS t(n integer, id bigint);
SELECT sameness.dblink_disconnect('other');
\o
SELECT sameness.check('snowflake_generate in two sessions at once', count(*), CASE WHEN count(*) = count(DISTINCT id)
		THEN '{}'::text[] ELSE ARRAY['an id repeated'] END
		|| array_agg(format('%s %s after %s', session, id, previous)) FILTER (WHERE (id >> 22) < (previous >> 22)))
FROM (SELECT session, id, lag(id) OVER (PARTITION BY session ORDER BY n) AS previous FROM drawn) AS ordered;
SELECT format('snowflake_generate in two sessions at once: ids of both sessions in %s of their ms', count(*))
FROM (SELECT id >> 22 FROM drawn GROUP BY 1 HAVING count(DISTINCT session) = 2) AS shared;

-- a clock behind the session's last id (set back): counts on in that ms, then the next, never below it. The
-- session's last id is in the register identities_snowflake_last (its currval), set here as a superuser can.
SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 60000 AS ahead \gset
SELECT setval('portable.identities_snowflake_last', (:ahead::bigint << 12) | 4000) IS NOT NULL AS set_back \g /dev/null
SELECT sameness.check('snowflake_generate with the clock set back', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id <= previous OR (id >> 22) + 1420070400000 NOT IN (:ahead, :ahead + 1)))
FROM (SELECT id, lag(id, 1, ((:ahead - 1420070400000) << 22) + 4000) OVER (ORDER BY n) AS previous
	FROM (SELECT n, portable.snowflake_generate(0, 0) AS id FROM generate_series(1, 1000) AS n) AS generated) AS ordered;

-- ids for a given instant (snowflake_generate_at): every part is an argument or a setting, so the editions give the
-- same id, bit for bit. :samples random instants over the server's epoch's range (2015-01-01 to 2084-09-06
-- 15:47:35.551999), increments, workers and processes: the four-argument form, and the two-argument form under
-- worker and process settings and without them
CREATE TEMP TABLE at_arguments AS
SELECT timestamptz '2015-01-01Z' + random() * (timestamptz '2084-09-06 15:47:35.551999Z' - timestamptz '2015-01-01Z') AS at,
	floor(random() * 4096)::integer AS increment, floor(random() * 32)::integer AS worker, floor(random() * 32)::integer AS process
FROM generate_series(1, :samples);
SELECT sameness.check('snowflake_generate_at(at, increment, worker, process)', count(*), array_agg(format('%s %s %s %s', at, increment, worker, process))
		FILTER (WHERE native.snowflake_generate_at(at, increment, worker, process) IS DISTINCT FROM portable.snowflake_generate_at(at, increment, worker, process)))
FROM at_arguments;
SET identities.snowflake_worker = 17;
SET identities.snowflake_process = 30;
SELECT sameness.check('snowflake_generate_at(at, increment) under the settings', count(*), array_agg(format('%s %s', at, increment))
		FILTER (WHERE native.snowflake_generate_at(at, increment) IS DISTINCT FROM portable.snowflake_generate_at(at, increment)
			OR portable.snowflake_generate_at(at, increment) <> portable.snowflake_generate_at(at, increment, 17, 30)))
FROM at_arguments;
RESET identities.snowflake_worker;
RESET identities.snowflake_process;
SELECT sameness.check('snowflake_generate_at(at, increment) by default', count(*), array_agg(format('%s %s', at, increment))
		FILTER (WHERE native.snowflake_generate_at(at, increment) IS DISTINCT FROM portable.snowflake_generate_at(at, increment)))
FROM at_arguments;
-- instants from 2000 to 2100 (before the epoch, in its range, past it) and arguments around their ranges: the id or
-- the SQLSTATE
SELECT sameness.check('snowflake_generate_at (outcomes)', count(*), array_agg(format('%s %s %s %s', at, increment, worker, process))
		FILTER (WHERE sameness.outcome(format('SELECT native.snowflake_generate_at(%L, %s, %s, %s)', at, increment, worker, process))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_generate_at(%L, %s, %s, %s)', at, increment, worker, process))
			OR sameness.outcome(format('SELECT native.snowflake_generate_at(%L, %s)', at, increment))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.snowflake_generate_at(%L, %s)', at, increment))))
FROM (SELECT timestamptz '2000-01-01Z' + random() * interval '100 years' AS at, floor(random() * 4106)::integer - 5 AS increment,
		floor(random() * 42)::integer - 5 AS worker, floor(random() * 42)::integer - 5 AS process
	FROM generate_series(1, least(:samples, 20000))) AS drawn;
-- edges: the epoch and the last millisecond of its 41 bits, one microsecond outside each, the infinities and
-- PostgreSQL's own ends, bad increments, workers and processes, alone and with a bad instant (the id, or the
-- SQLSTATE), and the errors in full
SELECT sameness.same_outcomes('snowflake_generate_at edges', '%E.snowflake_generate_at(%1)', ARRAY[
	'''2015-01-01 00:00:00Z'', 0, 0, 0', '''2014-12-31 23:59:59.999999Z'', 0, 0, 0', '''2084-09-06 15:47:35.551999Z'', 4095, 31, 31',
	'''2084-09-06 15:47:35.552Z'', 4095, 31, 31', '''-infinity'', 1, 2, 3', '''infinity'', 1, 2, 3', '''4714-11-24 00:00:00+00 BC'', 1, 2, 3',
	'''294276-12-31 23:59:59.999999+00'', 1, 2, 3', '''2021-03-04Z'', 4096, 0, 0', '''2021-03-04Z'', -1, 0, 0', '''2021-03-04Z'', 0, 32, 0',
	'''2021-03-04Z'', 0, -1, 0', '''2021-03-04Z'', 0, 0, 32', '''2021-03-04Z'', 0, 0, -1', '''infinity'', 4096, 0, 0', '''infinity'', 0, 32, 0',
	'''2021-03-04Z'', 4096, 32, 0', '''2021-03-04Z'', 4096, 0, 32', 'NULL, 1, 2, 3', '''2021-03-04Z'', NULL, 2, 3', '''2021-03-04Z'', 1, NULL, 3',
	'''2021-03-04Z'', 1, 2, NULL', '''2015-01-01 00:00:00Z'', 0', '''2014-12-31 23:59:59.999999Z'', 0', '''2084-09-06 15:47:35.551999Z'', 4095',
	'''2084-09-06 15:47:35.552Z'', 4095', '''-infinity'', 1', '''infinity'', 1', '''2021-03-04Z'', 4096', '''2021-03-04Z'', -1',
	'''infinity'', 4096', 'NULL, 1', '''2021-03-04Z'', NULL']);
SELECT sameness.same_errors('snowflake_generate_at errors', '%E.snowflake_generate_at(%1)', ARRAY[
	'''2015-01-01 00:00:00Z'', 0, 0, 0', '''2014-12-31 23:59:59.999999Z'', 0, 0, 0', '''2084-09-06 15:47:35.551999Z'', 4095, 31, 31',
	'''2084-09-06 15:47:35.552Z'', 4095, 31, 31', '''-infinity'', 1, 2, 3', '''infinity'', 1, 2, 3', '''2021-03-04Z'', 4096, 0, 0',
	'''2021-03-04Z'', -1, 0, 0', '''2021-03-04Z'', 0, 32, 0', '''2021-03-04Z'', 0, -1, 0', '''2021-03-04Z'', 0, 0, 32', '''2021-03-04Z'', 0, 0, -1',
	'''infinity'', 4096, 0, 0', '''infinity'', 0, 32, 0', '''2021-03-04Z'', 4096, 0, 32', '''2014-12-31 23:59:59.999999Z'', 0',
	'''2084-09-06 15:47:35.552Z'', 4095', '''2021-03-04Z'', 4096', '''2021-03-04Z'', -2147483648', '''infinity'', 4096']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('snowflake_generate_at');
