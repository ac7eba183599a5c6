-- The known answers of test/vectors/*.tsv (test/vectors/README.md), checked against the native functions: every
-- row's expected values next to what the functions give. Only counts and mismatches are printed, so a wrong value
-- (in a file or in the code) shows as a mismatch.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR

-- sqlstate_of(statement): the SQLSTATE of the error a statement raises, or 'no error'.
CREATE FUNCTION pg_temp.sqlstate_of(statement text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE statement;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END $$;

\set vector_schema pg_temp
\i :abs_srcdir/sql/include/vector_rows.sql

CREATE TEMP TABLE vectors (file text, line integer, v jsonb);
\set content `cat :abs_srcdir/vectors/distributedid.tsv`
INSERT INTO vectors SELECT 'distributedid', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/distributedid128.tsv`
INSERT INTO vectors SELECT 'distributedid128', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/encoders.tsv`
INSERT INTO vectors SELECT 'encoders', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/public_id.tsv`
INSERT INTO vectors SELECT 'public_id', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/iuid.tsv`
INSERT INTO vectors SELECT 'iuid', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/hotguid.tsv`
INSERT INTO vectors SELECT 'hotguid', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/luuid.tsv`
INSERT INTO vectors SELECT 'luuid', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/siq.tsv`
INSERT INTO vectors SELECT 'siq', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/snowflake.tsv`
INSERT INTO vectors SELECT 'snowflake', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/uuidv7.tsv`
INSERT INTO vectors SELECT 'uuidv7', * FROM pg_temp.vector_rows(:'content');
\set content `cat :abs_srcdir/vectors/ulid.tsv`
INSERT INTO vectors SELECT 'ulid', * FROM pg_temp.vector_rows(:'content');
\unset content
SELECT file, coalesce(v->>'kind', '') AS kind, count(*) AS cases FROM vectors GROUP BY 1, 2 ORDER BY 1, 2;

-- One row per value checked: what the file expects and what the function gives, both as text.
CREATE TEMP TABLE checks (file text, line integer, call text, expected text, got text);

-- distributedid: the id's texts, its instant, and back from each text
INSERT INTO checks
SELECT 'distributedid', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'distributedid')::distributedid AS id) AS d, LATERAL (VALUES
	('to_alphanumeric', v->>'alphanumeric', to_alphanumeric(d.id)),
	('to_hexadecimal', v->>'hexadecimal', to_hexadecimal(d.id)),
	('distributedid_to_numeric', v->>'distributedid', distributedid_to_numeric(d.id)::text),
	('distributedid_extract_timestamp', (v->>'timestamp')::timestamptz::text, distributedid_extract_timestamp(d.id)::text),
	('alphanumeric_to_distributedid', v->>'distributedid', alphanumeric_to_distributedid(v->>'alphanumeric')::text),
	('hexadecimal_to_distributedid', v->>'distributedid', hexadecimal_to_distributedid(v->>'hexadecimal')::text),
	('hexadecimal_to_distributedid of lowercase', v->>'distributedid', hexadecimal_to_distributedid(lower(v->>'hexadecimal'))::text)
	) AS c(call, expected, got)
WHERE file = 'distributedid';

-- distributedid128: the numeric form, the texts, the instant; split and join
INSERT INTO checks
SELECT 'distributedid128', line, c.call, c.expected, c.got
FROM vectors, LATERAL (VALUES
	('numeric_to_distributedid128', v->>'id', numeric_to_distributedid128((v->>'numeric')::numeric)::text),
	('distributedid128_to_numeric', v->>'numeric', distributedid128_to_numeric((v->>'id')::uuid)::text),
	('to_alphanumeric', v->>'alphanumeric', to_alphanumeric((v->>'id')::uuid)),
	('distributedid128_extract_timestamp', (v->>'timestamp')::timestamptz::text,
	 distributedid128_extract_timestamp((v->>'id')::uuid)::text)
	) AS c(call, expected, got)
WHERE file = 'distributedid128' AND v->>'kind' = 'compose';
INSERT INTO checks
SELECT 'distributedid128', line, c.call, c.expected, c.got
FROM vectors, LATERAL (VALUES
	('numeric_to_distributedid128', v->>'id', numeric_to_distributedid128((v->>'numeric')::numeric)::text),
	('distributedid128_split', (v->>'upper') || ' ' || (v->>'lower'),
	 (SELECT upper || ' ' || lower FROM distributedid128_split((v->>'id')::uuid))),
	('distributedid128_join', v->>'id', distributedid128_join((v->>'upper')::bigint, (v->>'lower')::bigint)::text)
	) AS c(call, expected, got)
WHERE file = 'distributedid128' AND v->>'kind' = 'split';
INSERT INTO checks
SELECT 'distributedid128', line, 'distributedid128_split', v->>'sqlstate',
       pg_temp.sqlstate_of(format('SELECT distributedid128_split(%L::uuid)', v->>'id'))
FROM vectors WHERE file = 'distributedid128' AND v->>'kind' = 'split_invalid';

-- encoders: each type's encoder and decoder; a bigint row above bigint's range is a ulong: bigint cannot encode it and
-- decodes its text to none
INSERT INTO checks
SELECT 'encoders', line, c.call || '(' || (v->>'type') || ')', c.expected, c.got
FROM vectors,
	LATERAL (SELECT CASE WHEN v->>'type' = 'bigint' THEN (v->>'value')::numeric > 9223372036854775807 ELSE false END AS ulong) AS u,
	LATERAL (VALUES
	(CASE WHEN NOT u.ulong THEN 'to_alphanumeric' END, v->>'text', CASE v->>'type'
		WHEN 'bigint' THEN CASE WHEN NOT u.ulong THEN to_alphanumeric((v->>'value')::bigint) END
		WHEN 'numeric' THEN to_alphanumeric((v->>'value')::numeric)
		ELSE to_alphanumeric((v->>'value')::uuid) END),
	('alphanumeric_to_' || (v->>'type'), CASE WHEN NOT u.ulong THEN v->>'value' END, CASE v->>'type'
		WHEN 'bigint' THEN alphanumeric_to_bigint(v->>'text')::text
		WHEN 'numeric' THEN alphanumeric_to_numeric(v->>'text')::text
		ELSE alphanumeric_to_uuid(v->>'text')::text END)
	) AS c(call, expected, got)
WHERE file = 'encoders' AND v->>'kind' = 'alphanumeric' AND c.call IS NOT NULL; -- (a ulong has no bigint to encode)
INSERT INTO checks
SELECT 'encoders', line, 'to_alphanumeric(distributedid)', v->>'text', to_alphanumeric((v->>'value')::distributedid)
FROM vectors WHERE file = 'encoders' AND v->>'kind' = 'alphanumeric' AND v->>'type' = 'numeric';
INSERT INTO checks
SELECT 'encoders', line, c.call || '(' || (v->>'type') || ')', c.expected, c.got
FROM vectors,
	LATERAL (SELECT CASE WHEN v->>'type' = 'bigint' THEN (v->>'value')::numeric > 9223372036854775807 ELSE false END AS ulong) AS u,
	LATERAL (VALUES
	(CASE WHEN NOT u.ulong THEN 'to_hexadecimal' END, v->>'text', CASE v->>'type'
		WHEN 'bigint' THEN CASE WHEN NOT u.ulong THEN to_hexadecimal((v->>'value')::bigint) END
		WHEN 'numeric' THEN to_hexadecimal((v->>'value')::numeric)
		ELSE to_hexadecimal((v->>'value')::uuid) END),
	('hexadecimal_to_' || (v->>'type'), CASE WHEN NOT u.ulong THEN v->>'value' END, CASE v->>'type'
		WHEN 'bigint' THEN hexadecimal_to_bigint(v->>'text')::text
		WHEN 'numeric' THEN hexadecimal_to_numeric(v->>'text')::text
		ELSE hexadecimal_to_uuid(v->>'text')::text END),
	('hexadecimal_to_' || (v->>'type') || ' of lowercase', CASE WHEN NOT u.ulong THEN v->>'value' END, CASE v->>'type'
		WHEN 'bigint' THEN hexadecimal_to_bigint(lower(v->>'text'))::text
		WHEN 'numeric' THEN hexadecimal_to_numeric(lower(v->>'text'))::text
		ELSE hexadecimal_to_uuid(lower(v->>'text'))::text END)
	) AS c(call, expected, got)
WHERE file = 'encoders' AND v->>'kind' = 'hexadecimal' AND c.call IS NOT NULL; -- (a ulong has no bigint to encode)
INSERT INTO checks
SELECT 'encoders', line, 'to_hexadecimal(distributedid)', v->>'text', to_hexadecimal((v->>'value')::distributedid)
FROM vectors WHERE file = 'encoders' AND v->>'kind' = 'hexadecimal' AND v->>'type' = 'numeric';
INSERT INTO checks
SELECT 'encoders', line, replace(v->>'kind', '_decode', '_to_') || (v->>'type') || '(' || (v->>'text') || ')',
       CASE WHEN v->>'type' <> 'bigint' THEN v->>'value' WHEN (v->>'value')::numeric <= 9223372036854775807 THEN v->>'value' END,
       CASE v->>'kind' || ' ' || (v->>'type')
		WHEN 'alphanumeric_decode bigint' THEN alphanumeric_to_bigint(v->>'text')::text
		WHEN 'alphanumeric_decode numeric' THEN alphanumeric_to_numeric(v->>'text')::text
		WHEN 'alphanumeric_decode uuid' THEN alphanumeric_to_uuid(v->>'text')::text
		WHEN 'hexadecimal_decode bigint' THEN hexadecimal_to_bigint(v->>'text')::text
		WHEN 'hexadecimal_decode numeric' THEN hexadecimal_to_numeric(v->>'text')::text
		WHEN 'hexadecimal_decode uuid' THEN hexadecimal_to_uuid(v->>'text')::text END
FROM vectors WHERE file = 'encoders' AND v->>'kind' IN ('alphanumeric_decode', 'hexadecimal_decode');

-- public ids: under each row's key (set for the session, one key at a time)
DO $$
DECLARE
	key_text text;
BEGIN
	FOR key_text IN SELECT DISTINCT v->>'key' FROM vectors WHERE file = 'public_id' LOOP
		PERFORM set_config('identities.public_key', key_text, false);
		INSERT INTO checks
		SELECT 'public_id', line, c.call, c.expected, c.got
		FROM vectors, LATERAL (VALUES
			('public_id(' || (v->>'type') || ')', v->>'public_id', CASE v->>'type'
				WHEN 'bigint' THEN public_id((v->>'value')::bigint)::text
				ELSE public_id((v->>'value')::numeric)::text END),
			('public_id_to_' || (v->>'type'), v->>'value', CASE v->>'type'
				WHEN 'bigint' THEN public_id_to_bigint((v->>'public_id')::uuid)::text
				ELSE public_id_to_numeric((v->>'public_id')::uuid)::text END),
			('public_id(distributedid)', v->>'public_id', public_id((v->>'value')::distributedid)::text),
			('public_id_to_distributedid', v->>'value', public_id_to_distributedid((v->>'public_id')::uuid)::text),
			('public_id_to_uuid', NULL, public_id_to_uuid((v->>'public_id')::uuid)::text),
			('to_alphanumeric', v->>'alphanumeric', to_alphanumeric((v->>'public_id')::uuid))
			) AS c(call, expected, got)
		WHERE file = 'public_id' AND v->>'kind' = 'number' AND v->>'key' = key_text;
		INSERT INTO checks
		SELECT 'public_id', line, c.call, c.expected, c.got
		FROM vectors, LATERAL (VALUES
			('public_id(uuid)', v->>'public_id', public_id((v->>'value')::uuid)::text),
			('public_id_to_uuid', v->>'value', public_id_to_uuid((v->>'public_id')::uuid)::text),
			('to_alphanumeric', v->>'alphanumeric', to_alphanumeric((v->>'public_id')::uuid))
			) AS c(call, expected, got)
		WHERE file = 'public_id' AND v->>'kind' = 'uuid' AND v->>'key' = key_text;
		INSERT INTO checks
		SELECT 'public_id', line, c.call, c.expected, c.got
		FROM vectors, LATERAL (VALUES
			('public_id(uuid)', v->>'sqlstate', pg_temp.sqlstate_of(format('SELECT public_id(%L::uuid)', v->>'value'))),
			('public_id_to_uuid', NULL, public_id_to_uuid((v->>'public_id')::uuid)::text),
			('to_alphanumeric', v->>'alphanumeric', to_alphanumeric((v->>'public_id')::uuid))
			) AS c(call, expected, got)
		WHERE file = 'public_id' AND v->>'kind' = 'uuid_refused' AND v->>'key' = key_text;
		INSERT INTO checks
		SELECT 'public_id', line, c.call, c.expected, c.got
		FROM vectors, LATERAL (VALUES
			('public_id_to_numeric', NULL, public_id_to_numeric((v->>'public_id')::uuid)::text),
			('public_id_to_bigint', NULL, public_id_to_bigint((v->>'public_id')::uuid)::text),
			('public_id_to_uuid', v->>'value', public_id_to_uuid((v->>'public_id')::uuid)::text),
			('to_alphanumeric', v->>'alphanumeric', to_alphanumeric((v->>'public_id')::uuid))
			) AS c(call, expected, got)
		WHERE file = 'public_id' AND v->>'kind' = 'invalid' AND v->>'key' = key_text;
	END LOOP;
END $$;
RESET identities.public_key;

-- iuid: every field read back
INSERT INTO checks
SELECT 'iuid', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'iuid')::iuid AS id) AS i, LATERAL (VALUES
	('iuid_extract_timestamp', (v->>'timestamp')::timestamptz::text, iuid_extract_timestamp(i.id)::text),
	('iuid_extract_format_version', v->>'format_version', iuid_extract_format_version(i.id)::text),
	('iuid_extract_country', v->>'country', iuid_extract_country(i.id)::text),
	('iuid_extract_service_entity', v->>'service_entity', iuid_extract_service_entity(i.id)::text),
	('iuid text', v->>'iuid', i.id::text)
	) AS c(call, expected, got)
WHERE file = 'iuid';

-- hotguid: the second and the shard key read back (the machine tag has no SQL function)
INSERT INTO checks
SELECT 'hotguid', line, c.call, c.expected, c.got
FROM vectors, LATERAL (VALUES
	('hotguid_extract_timestamp', (v->>'timestamp')::timestamptz::text, hotguid_extract_timestamp((v->>'id')::uuid)::text),
	('hotguid_extract_shard_key', v->>'shard_key', hotguid_extract_shard_key((v->>'id')::uuid)::text)
	) AS c(call, expected, got)
WHERE file = 'hotguid' AND v->>'kind' = 'compose';

-- luuid: key, group and short form read back; the group of a name
INSERT INTO checks
SELECT 'luuid', line, c.call, c.expected, c.got
FROM vectors, LATERAL (VALUES
	('luuid_extract_key', v->>'key', luuid_extract_key((v->>'luuid')::uuid)::text),
	('luuid_extract_group', v->>'grp', luuid_extract_group((v->>'luuid')::uuid)::text),
	('luuid_short', v->>'short', luuid_short((v->>'luuid')::uuid))
	) AS c(call, expected, got)
WHERE file = 'luuid' AND v->>'kind' = 'compose';
INSERT INTO checks
SELECT 'luuid', line, 'luuid_group', v->>'grp', luuid_group(v->>'name')::text
FROM vectors WHERE file = 'luuid' AND v->>'kind' = 'group';

-- siq: fields, string forms and back, domain hashes, text input and what it refuses
INSERT INTO checks
SELECT 'siq', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'siq')::siq AS id) AS s, LATERAL (VALUES
	('siq_extract_timestamp', (v->>'timestamp')::timestamptz::text, siq_extract_timestamp(s.id)::text),
	('siq_extract_shard', v->>'shard', siq_extract_shard(s.id)::text),
	('siq_extract_domain_hash', v->>'domain_hash', siq_extract_domain_hash(s.id)::text),
	('siq_extract_qualifier', v->>'qualifier', siq_extract_qualifier(s.id)::text),
	('siq_extract_serial', v->>'serial', siq_extract_serial(s.id)::text)
	) AS c(call, expected, got)
WHERE file = 'siq' AND v->>'kind' = 'fields';
INSERT INTO checks
SELECT 'siq', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'siq')::siq AS id) AS s, LATERAL (VALUES
	('siq text', v->>'siq', s.id::text),
	('siq_to_numeric', v->>'numeric', siq_to_numeric(s.id)::text),
	('siq_to_did', v->>'did', siq_to_did(s.id)),
	('siq_to_base64', v->>'base64', siq_to_base64(s.id)),
	('siq_to_cb32', v->>'cb32', siq_to_cb32(s.id)),
	('siq_to_uuid', v->>'uuid', siq_to_uuid(s.id)::text),
	('numeric_to_siq', v->>'siq', numeric_to_siq((v->>'numeric')::numeric)::text),
	('siq_from_did', v->>'siq', siq_from_did(v->>'did')::text),
	('siq_from_cb32', v->>'siq', siq_from_cb32(v->>'cb32')::text),
	('uuid_to_siq', v->>'siq', uuid_to_siq((v->>'uuid')::uuid)::text)
	) AS c(call, expected, got)
WHERE file = 'siq' AND v->>'kind' = 'forms';
INSERT INTO checks
SELECT 'siq', line, 'siq_domain_hash', v->>'domain_hash', siq_domain_hash(v->>'domain')::text
FROM vectors WHERE file = 'siq' AND v->>'kind' = 'domain_hash';
INSERT INTO checks
SELECT 'siq', line, 'siq input', v->>'siq', (v->>'text')::siq::text
FROM vectors WHERE file = 'siq' AND v->>'kind' = 'text';
INSERT INTO checks
SELECT 'siq', line, 'siq_from_cb32', v->>'siq', siq_from_cb32(v->>'text')::text
FROM vectors WHERE file = 'siq' AND v->>'kind' = 'cb32_text';
INSERT INTO checks
SELECT 'siq', line, 'siq input', v->>'sqlstate', pg_temp.sqlstate_of(format('SELECT %L::siq', v->>'text'))
FROM vectors WHERE file = 'siq' AND v->>'kind' = 'invalid_text';
INSERT INTO checks
SELECT 'siq', line, 'siq_from_cb32', v->>'sqlstate', pg_temp.sqlstate_of(format('SELECT siq_from_cb32(%L)', v->>'text'))
FROM vectors WHERE file = 'siq' AND v->>'kind' = 'invalid_cb32_text';

-- snowflake: every field under the row's epoch
INSERT INTO checks
SELECT 'snowflake', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'snowflake')::bigint AS id) AS s, LATERAL (VALUES
	('snowflake_extract_timestamp', (v->>'timestamp')::timestamptz::text,
	 snowflake_extract_timestamp(s.id, (v->>'epoch')::timestamptz)::text),
	('snowflake_extract_worker', v->>'worker', snowflake_extract_worker(s.id)::text),
	('snowflake_extract_process', v->>'process', snowflake_extract_process(s.id)::text),
	('snowflake_extract_increment', v->>'increment', snowflake_extract_increment(s.id)::text)
	) AS c(call, expected, got)
WHERE file = 'snowflake';

-- uuidv7: the instant
INSERT INTO checks
SELECT 'uuidv7', line, 'uuidv7_extract_timestamp', (v->>'timestamp')::timestamptz::text,
       uuidv7_extract_timestamp((v->>'uuid')::uuid)::text
FROM vectors WHERE file = 'uuidv7';

-- ulid: the text, the uuid of the same bits and the instant; non-canonical text read; errors; boundaries
INSERT INTO checks
SELECT 'ulid', line, c.call, c.expected, c.got
FROM vectors, LATERAL (SELECT (v->>'ulid')::ulid AS id) AS u, LATERAL (VALUES
	('ulid text', v->>'ulid', u.id::text),
	('ulid::uuid', v->>'uuid', u.id::uuid::text),
	('uuid::ulid', v->>'ulid', (v->>'uuid')::uuid::ulid::text),
	('ulid_to_bytea', v->>'uuid', encode(ulid_to_bytea(u.id), 'hex')::uuid::text),
	('ulid_extract_timestamp', (v->>'timestamp')::timestamptz::text, ulid_extract_timestamp(u.id)::text),
	('ulid_extract_timestamp of text', (v->>'timestamp')::timestamptz::text, ulid_extract_timestamp(v->>'ulid')::text)
	) AS c(call, expected, got)
WHERE file = 'ulid' AND v->>'kind' = 'id'
UNION ALL
SELECT 'ulid', line, 'ulid_in', v->>'ulid', (v->>'text')::ulid::text FROM vectors WHERE file = 'ulid' AND v->>'kind' = 'input'
UNION ALL
SELECT 'ulid', line, 'ulid_in refuses', v->>'sqlstate', pg_temp.sqlstate_of(format('SELECT %L::ulid', v->>'text'))
FROM vectors WHERE file = 'ulid' AND v->>'kind' = 'invalid'
UNION ALL
SELECT 'ulid', line, 'ulid_boundary', v->>'ulid', ulid_boundary((v->>'timestamp')::timestamptz)::text
FROM vectors WHERE file = 'ulid' AND v->>'kind' = 'boundary';

-- the values checked per file, then every mismatch (none)
SELECT file, count(*) AS checked FROM checks GROUP BY file ORDER BY file;
SELECT file, line, call, expected, got FROM checks WHERE got IS DISTINCT FROM expected ORDER BY file, line, call;
