-- HotGuid: the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/hotguid.tsv: the second and the shard key of each HotGuid
SELECT sameness.check('hotguid vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('hotguid', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('hotguid', 'compose'), LATERAL (SELECT (v->>'id')::uuid AS id) AS h, LATERAL (VALUES
	('hotguid_extract_timestamp', (v->>'timestamp')::timestamptz::text, native.hotguid_extract_timestamp(h.id)::text,
	 portable.hotguid_extract_timestamp(h.id)::text),
	('hotguid_extract_shard_key', v->>'shard_key', native.hotguid_extract_shard_key(h.id)::text, portable.hotguid_extract_shard_key(h.id)::text)
	) AS c(call, expected, native, portable);

-- :samples random uuids: shard keys and seconds
CREATE TEMP TABLE ids AS SELECT gen_random_uuid() AS id FROM generate_series(1, :samples);
SELECT sameness.check('hotguid_extract_*', count(*), array_agg(id::text)
		FILTER (WHERE native.hotguid_extract_timestamp(id) IS DISTINCT FROM portable.hotguid_extract_timestamp(id)
			OR native.hotguid_extract_timestamp(id::text) IS DISTINCT FROM portable.hotguid_extract_timestamp(id::text)
			OR native.hotguid_extract_shard_key(id) IS DISTINCT FROM portable.hotguid_extract_shard_key(id)))
FROM ids;

-- :samples random instants from 1950 to 2150: boundaries and windows
CREATE TEMP TABLE instants AS
SELECT timestamptz '1950-01-01Z' + random() * interval '200 years' AS instant, timestamptz '1950-01-01Z' + random() * interval '200 years' AS other
FROM generate_series(1, :samples);
SELECT sameness.check('hotguid_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.hotguid_boundary(%L)', instant))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.hotguid_boundary(%L)', instant))))
FROM instants WHERE instant > '2106-01-01Z' OR random() < 0.05;
SELECT sameness.check('hotguid_boundary (in range)', count(*), array_agg(instant::text)
		FILTER (WHERE native.hotguid_boundary(instant) IS DISTINCT FROM portable.hotguid_boundary(instant)))
FROM instants WHERE instant < '2106-02-07Z';
SELECT sameness.check('hotguid_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.hotguid_window_first(w) IS DISTINCT FROM portable.hotguid_window_first(w)
			OR native.hotguid_window_last(w) IS DISTINCT FROM portable.hotguid_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;
SELECT sameness.same_outcomes('hotguid_boundary edges', '%E.hotguid_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31Z''::timestamptz',
	'''2106-02-07 06:28:15Z''::timestamptz', '''2106-02-07 06:28:15.000001Z''::timestamptz', '''2026-11-01 00:00:00.5Z''::timestamptz']);
SELECT sameness.same_outcomes('hotguid windows edges', '%E.hotguid_window_first(%1)::text || %E.hotguid_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[2107-01-01Z,)''::tstzrange',
	'''(,1970-01-01Z)''::tstzrange', '''(,1970-01-01Z]''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);

-- generation: unique within a session, the shard key asked for, the second close to the native one's (apart by no
-- more than the time the two calls took, however long, and 1 s); the counter increments by one per id, as the
-- reference's
SELECT sameness.check('hotguid_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id = previous OR portable.hotguid_extract_shard_key(id) <> n
			OR ('x' || substr(replace(id::text, '-', ''), 19, 6))::bit(24)::int <> (('x' || substr(replace(previous::text, '-', ''), 19, 6))::bit(24)::int + 1) & 16777215
			OR abs(extract(epoch FROM portable.hotguid_extract_timestamp(id) - native.hotguid_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 1))
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.hotguid_generate(n) AS id, native.hotguid_generate(n) AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered
WHERE previous IS NOT NULL;
SELECT sameness.check('hotguid_generate unique', count(*), CASE WHEN count(DISTINCT id) <> count(*) THEN ARRAY['duplicates'] END)
FROM (SELECT portable.hotguid_generate(7) AS id FROM generate_series(1, :samples)) AS generated;
SELECT sameness.same_outcomes('hotguid_generate arguments', '%E.hotguid_extract_shard_key(%E.hotguid_generate(%1))', ARRAY[
	'0', '4294967295', '4294967296', '-1']);

-- ids for a given instant (hotguid_generate_at). The machine tag (bytes 4-8) cannot be the native edition's: that is
-- an MD5 of the host name, which SQL cannot read (doc/portable.md), and of the postmaster's pid where identities is
-- preloaded; the portable one is hotguid_generate's tag of this session. So: :samples random instants over the whole
-- range (1970-01-01 to 2106-02-07 06:28:15.999999), shard keys and counters, each given an id by both editions: the
-- same second, counter and shard key (every byte but the tag's), the same extracted timestamp and shard key, the
-- portable tag the one hotguid_generate puts in this session's ids (whatever the TimeZone), the same id for the same
-- arguments
SELECT substring(uuid_send(portable.hotguid_generate(0)), 5, 5) AS portable_tag \gset
SET TimeZone = 'Pacific/Chatham';
CREATE TEMP TABLE at_ids AS
SELECT at, shard_key, counter, native_id, portable_id, portable.hotguid_generate_at(at, shard_key, counter) AS again
FROM (SELECT at, shard_key, counter, native.hotguid_generate_at(at, shard_key, counter) AS native_id,
		portable.hotguid_generate_at(at, shard_key, counter) AS portable_id
	FROM (SELECT timestamptz '1970-01-01Z' + random() * (timestamptz '2106-02-07 06:28:15.999999Z' - timestamptz '1970-01-01Z') AS at,
			floor(random() * 4294967296)::bigint AS shard_key, floor(random() * 16777216)::integer AS counter
		FROM generate_series(1, :samples)) AS instants) AS ids;
RESET TimeZone;
SELECT sameness.check('hotguid_generate_at (all but the machine tag)', count(*), array_agg(format('%s %s %s: native %s, portable %s', at, shard_key, counter, native_id, portable_id))
		FILTER (WHERE overlay(uuid_send(native_id) PLACING '\x0000000000'::bytea FROM 5 FOR 5)
				<> overlay(uuid_send(portable_id) PLACING '\x0000000000'::bytea FROM 5 FOR 5)
			OR substring(uuid_send(portable_id), 5, 5) <> :'portable_tag'::bytea
			OR portable_id <> again
			OR native.hotguid_extract_timestamp(native_id) IS DISTINCT FROM native.hotguid_extract_timestamp(portable_id)
			OR native.hotguid_extract_timestamp(native_id) IS DISTINCT FROM portable.hotguid_extract_timestamp(portable_id)
			OR native.hotguid_extract_shard_key(portable_id) IS DISTINCT FROM shard_key
			OR portable.hotguid_extract_shard_key(portable_id) IS DISTINCT FROM shard_key))
FROM at_ids;
SELECT sameness.check('hotguid_generate_at tag is hotguid_generate''s', 1,
	CASE WHEN substring(uuid_send(portable.hotguid_generate(0)), 5, 5) = substring(uuid_send(portable.hotguid_generate_at('2021-03-04Z', 0, 0)), 5, 5)
	THEN '{}'::text[] ELSE ARRAY['another tag'] END);
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends, bad
-- shard keys and counters, alone and with a bad instant (every byte but the tag's, or the SQLSTATE), and the errors
-- in full
SELECT sameness.same_outcomes('hotguid_generate_at edges', 'overlay(uuid_send(%E.hotguid_generate_at(%1)) PLACING ''\x0000000000''::bytea FROM 5 FOR 5)', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, 0', '''1969-12-31 23:59:59.999999Z'', 0, 0', '''2106-02-07 06:28:15.999999Z'', 4294967295, 16777215',
	'''2106-02-07 06:28:16Z'', 4294967295, 16777215', '''-infinity'', 1, 2', '''infinity'', 1, 2', '''4714-11-24 00:00:00+00 BC'', 1, 2',
	'''294276-12-31 23:59:59.999999+00'', 1, 2', '''2021-03-04Z'', 4294967296, 0', '''2021-03-04Z'', -1, 0', '''2021-03-04Z'', 0, 16777216',
	'''2021-03-04Z'', 0, -1', '''infinity'', -1, 0', '''infinity'', 0, -1', '''2021-03-04Z'', -1, -1', 'NULL, 1, 2', '''2021-03-04Z'', NULL, 2',
	'''2021-03-04Z'', 1, NULL']);
SELECT sameness.same_errors('hotguid_generate_at errors', '%E.hotguid_generate_at(%1)', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, 0', '''1969-12-31 23:59:59.999999Z'', 0, 0', '''2106-02-07 06:28:15.999999Z'', 4294967295, 16777215',
	'''2106-02-07 06:28:16Z'', 4294967295, 16777215', '''-infinity'', 1, 2', '''infinity'', 1, 2', '''2021-03-04Z'', 4294967296, 0',
	'''2021-03-04Z'', -1, 0', '''2021-03-04Z'', 0, 16777216', '''2021-03-04Z'', 0, -1', '''infinity'', -1, 0', '''infinity'', 0, -1',
	'''2021-03-04Z'', -1, -1', '''2021-03-04Z'', -9223372036854775808, -2147483648']);
-- the native edition's argument names, volatility, strictness and parallel safety
-- in a read-only transaction (nextval refused): the portable edition refuses (25006), the native one generates
BEGIN READ ONLY;
SELECT sameness.check('hotguid_generate read-only', 1, CASE WHEN portable = 'ERROR 25006' AND native NOT LIKE 'ERROR%'
		THEN '{}'::text[] ELSE ARRAY[format('portable %s, native %s', portable, native)] END)
FROM (SELECT sameness.outcome('SELECT portable.hotguid_generate(7)') AS portable,
		sameness.outcome('SELECT native.hotguid_generate(7)') AS native) AS outcomes;
COMMIT;
-- a clock behind the session's last second (set back): never back to a second already used, ids increasing. The
-- session's last second is in the register identities_hotguid_last (its currval), set here as a superuser can.
SELECT floor(extract(epoch FROM clock_timestamp()))::bigint + 60 AS ahead_second \gset
SELECT setval('portable.identities_hotguid_last', (:ahead_second::bigint << 24) | (nextval('portable.identities_hotguid_counters') & 16777215)) IS NOT NULL AS set_back \g /dev/null
SELECT sameness.check('hotguid_generate with the clock set back', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id <= previous OR portable.hotguid_extract_timestamp(id) <> to_timestamp(:ahead_second)))
FROM (SELECT n, id, lag(id, 1, '00000000-0000-0000-0000-000000000000') OVER (ORDER BY n) AS previous
	FROM (SELECT n, portable.hotguid_generate(7) AS id FROM generate_series(1, 1000) AS n) AS generated) AS ordered;

SELECT sameness.same_labels('hotguid_generate_at', 'u');
