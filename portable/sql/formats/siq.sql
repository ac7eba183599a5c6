--------------------------------------------------------------------------------------------------------------
-- siq: SUOU's SIQ, 112 bits of timestamp (1/65536 s), shard, domain hash, serial and qualifier (14 bytes, big-endian)
--------------------------------------------------------------------------------------------------------------
-- A domain over text COLLATE "C" holding exactly 28 lowercase hex digits: the native type's text, and (fixed
-- length, "C" order) its order, so a btree or a BRIN index on a siq column orders ids as their time does. Casts to
-- and from a domain cannot be created: the native casts are the functions siq_to_numeric, numeric_to_siq, ... and
-- siq_in(text) takes every text the native input takes (1 to 28 hex digits in either case, around whitespace, or
-- a did:siq: string), where the domain takes its canonical 28 digits only.

CREATE DOMAIN @extschema@.siq AS text COLLATE "C"
	CONSTRAINT siq_hex CHECK (VALUE ~ '^[0-9a-f]{28}$');
COMMENT ON DOMAIN @extschema@.siq IS 'SIQ (SUOU): 112-bit id of timestamp, shard, domain hash, serial and qualifier, shown as 28 hex digits (portable edition: a text of 28 lowercase hex digits)';

-- Internal: zlib's CRC-32 (reflected polynomial 0xEDB88320), which SUOU checksums did:siq: strings with.
CREATE FUNCTION @extschema@.identities_siq_crc32(bytes bytea) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	crc_table constant bigint[] := ARRAY[
		0, 1996959894, 3993919788, 2567524794, 124634137, 1886057615, 3915621685, 2657392035, 249268274,
		2044508324, 3772115230, 2547177864, 162941995, 2125561021, 3887607047, 2428444049, 498536548, 1789927666,
		4089016648, 2227061214, 450548861, 1843258603, 4107580753, 2211677639, 325883990, 1684777152, 4251122042,
		2321926636, 335633487, 1661365465, 4195302755, 2366115317, 997073096, 1281953886, 3579855332, 2724688242,
		1006888145, 1258607687, 3524101629, 2768942443, 901097722, 1119000684, 3686517206, 2898065728, 853044451,
		1172266101, 3705015759, 2882616665, 651767980, 1373503546, 3369554304, 3218104598, 565507253, 1454621731,
		3485111705, 3099436303, 671266974, 1594198024, 3322730930, 2970347812, 795835527, 1483230225, 3244367275,
		3060149565, 1994146192, 31158534, 2563907772, 4023717930, 1907459465, 112637215, 2680153253, 3904427059,
		2013776290, 251722036, 2517215374, 3775830040, 2137656763, 141376813, 2439277719, 3865271297, 1802195444,
		476864866, 2238001368, 4066508878, 1812370925, 453092731, 2181625025, 4111451223, 1706088902, 314042704,
		2344532202, 4240017532, 1658658271, 366619977, 2362670323, 4224994405, 1303535960, 984961486, 2747007092,
		3569037538, 1256170817, 1037604311, 2765210733, 3554079995, 1131014506, 879679996, 2909243462, 3663771856,
		1141124467, 855842277, 2852801631, 3708648649, 1342533948, 654459306, 3188396048, 3373015174, 1466479909,
		544179635, 3110523913, 3462522015, 1591671054, 702138776, 2966460450, 3352799412, 1504918807, 783551873,
		3082640443, 3233442989, 3988292384, 2596254646, 62317068, 1957810842, 3939845945, 2647816111, 81470997,
		1943803523, 3814918930, 2489596804, 225274430, 2053790376, 3826175755, 2466906013, 167816743, 2097651377,
		4027552580, 2265490386, 503444072, 1762050814, 4150417245, 2154129355, 426522225, 1852507879, 4275313526,
		2312317920, 282753626, 1742555852, 4189708143, 2394877945, 397917763, 1622183637, 3604390888, 2714866558,
		953729732, 1340076626, 3518719985, 2797360999, 1068828381, 1219638859, 3624741850, 2936675148, 906185462,
		1090812512, 3747672003, 2825379669, 829329135, 1181335161, 3412177804, 3160834842, 628085408, 1382605366,
		3423369109, 3138078467, 570562233, 1426400815, 3317316542, 2998733608, 733239954, 1555261956, 3268935591,
		3050360625, 752459403, 1541320221, 2607071920, 3965973030, 1969922972, 40735498, 2617837225, 3943577151,
		1913087877, 83908371, 2512341634, 3803740692, 2075208622, 213261112, 2463272603, 3855990285, 2094854071,
		198958881, 2262029012, 4057260610, 1759359992, 534414190, 2176718541, 4139329115, 1873836001, 414664567,
		2282248934, 4279200368, 1711684554, 285281116, 2405801727, 4167216745, 1634467795, 376229701, 2685067896,
		3608007406, 1308918612, 956543938, 2808555105, 3495958263, 1231636301, 1047427035, 2932959818, 3654703836,
		1088359270, 936918000, 2847714899, 3736837829, 1202900863, 817233897, 3183342108, 3401237130, 1404277552,
		615818150, 3134207493, 3453421203, 1423857449, 601450431, 3009837614, 3294710456, 1567103746, 711928724,
		3020668471, 3272380065, 1510334235, 755167117];
	crc bigint := 4294967295;
BEGIN
	FOR i IN 0 .. length(bytes) - 1 LOOP
		crc := crc_table[((crc # get_byte(bytes, i)) & 255) + 1] # (crc >> 8);
	END LOOP;
	RETURN crc # 4294967295;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_crc32(bytea) IS 'internal: zlib''s CRC-32 of the bytes';

-- Internal: RFC 4648 base32 (5 bits a char, most significant first) of bytes whose length is a multiple of 5,
-- in the given 32-char alphabet.
CREATE FUNCTION @extschema@.identities_siq_base32(bytes bytea, alphabet text) RETURNS text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	result text := '';
	chunk bigint;
BEGIN
	FOR i IN 0 .. length(bytes) / 5 - 1 LOOP
		chunk := ('x' || encode(substr(bytes, 5 * i + 1, 5), 'hex'))::bit(40)::bigint;
		result := result || substr(alphabet, (chunk >> 35)::integer + 1, 1) || substr(alphabet, (chunk >> 30 & 31)::integer + 1, 1)
			|| substr(alphabet, (chunk >> 25 & 31)::integer + 1, 1) || substr(alphabet, (chunk >> 20 & 31)::integer + 1, 1)
			|| substr(alphabet, (chunk >> 15 & 31)::integer + 1, 1) || substr(alphabet, (chunk >> 10 & 31)::integer + 1, 1)
			|| substr(alphabet, (chunk >> 5 & 31)::integer + 1, 1) || substr(alphabet, (chunk & 31)::integer + 1, 1);
	END LOOP;
	RETURN result;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_base32(bytea, text) IS 'internal: base32 of bytes (a multiple of 5 of them) in an alphabet';

-- Internal: the bytes of a base32 text whose length is a multiple of 8, either case: RFC 4648's alphabet, or
-- Crockford's with its aliases I, L -> 1 and O -> 0 (U refused); NULL for anything else. Only ASCII letters are
-- folded (upper() of a Turkish i or a long s would make a digit of what the native decoder refuses).
CREATE FUNCTION @extschema@.identities_siq_base32_bytes(digits text, crockford boolean) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	alphabet text;
	normalized text;
	result bytea := ''::bytea;
	chunk bigint;
BEGIN
	IF length(digits) % 8 <> 0 THEN
		RETURN NULL;
	END IF;
	IF crockford THEN
		IF digits !~ '^[0-9A-TV-Za-tv-z]*$' THEN
			RETURN NULL;
		END IF;
		alphabet := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
		normalized := translate(translate(digits, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), 'ILO', '110');
	ELSE
		IF digits !~ '^[A-Za-z2-7]*$' THEN
			RETURN NULL;
		END IF;
		alphabet := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
		normalized := translate(digits, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
	END IF;
	FOR i IN 0 .. length(normalized) / 8 - 1 LOOP
		chunk := 0;
		FOR j IN 1 .. 8 LOOP
			chunk := chunk << 5 | (position(substr(normalized, 8 * i + j, 1) IN alphabet) - 1);
		END LOOP;
		result := result || substr(int8send(chunk), 4, 5);
	END LOOP;
	RETURN result;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_base32_bytes(text, boolean) IS 'internal: the bytes of a base32 text (RFC 4648 or Crockford), NULL when malformed';

-- Internal: the siq of a did:siq: body (29 chars), errors naming the text the caller gave.
CREATE FUNCTION @extschema@.identities_siq_of_did_body(body text, shown text) RETURNS @extschema@.siq
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bytes bytea;
BEGIN
	IF length(body) = 29 THEN
		bytes := @extschema@.identities_siq_base32_bytes('aaa' || body, false);
	END IF;
	IF bytes IS NULL THEN
		RAISE EXCEPTION 'invalid input syntax for type siq: "%"', shown USING ERRCODE = '22P02';
	END IF;
	-- 6 checksum bytes: a non-zero first two can never match
	IF substr(bytes, 1, 2) <> decode('0000', 'hex')
		OR ('x' || encode(substr(bytes, 3, 4), 'hex'))::bit(32)::bigint <> @extschema@.identities_siq_crc32(substr(bytes, 7)) THEN
		@raise siq_checksum_mismatch(shown);
	END IF;
	RETURN encode(substr(bytes, 7), 'hex');
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_of_did_body(text, text) IS 'internal: the siq of a did:siq: body, checksum verified';

-- The native type's input, as a function: hex digits in either case (1 to 28 of them; leading zeros are fine)
-- or a did:siq: string, whitespace around either ignored; 22P02 for malformed text or a wrong DID checksum,
-- 22003 for a value above 2^112-1.
CREATE FUNCTION @extschema@.siq_in(text) RETURNS @extschema@.siq
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	trimmed text := btrim($1, E' \t\n\r\f' || chr(11));
BEGIN
	IF left(trimmed, 8) = 'did:siq:' THEN
		RETURN @extschema@.identities_siq_of_did_body(substr(trimmed, 9), $1);
	END IF;
	IF trimmed !~ '^[0-9A-Fa-f]+$' THEN
		RAISE EXCEPTION 'invalid input syntax for type siq: "%"', $1 USING ERRCODE = '22P02';
	END IF;
	IF length(ltrim(trimmed, '0')) > 28 THEN
		@raise siq_hex_out_of_range($1);
	END IF;
	IF length(trimmed) > 28 THEN
		@raise siq_too_many_digits($1);
	END IF;
	RETURN lpad(translate(trimmed, 'ABCDEF', 'abcdef'), 28, '0');
END
$$;
COMMENT ON FUNCTION @extschema@.siq_in(text) IS 'the siq of a text the native siq type''s input takes (1 to 28 hex digits in either case, or a did:siq: string): the portable edition''s domain takes 28 lowercase digits only';

-- generation, extraction, boundaries

-- Internal: the server-wide ticket counter of siq_generate. CACHE 1 is what makes it work: tickets come out in the
-- order they are drawn, whichever session draws them (a cache would hand each session a block of its own).
-- The role that installed the edition owns it and grants it to no one.
CREATE SEQUENCE @extschema@.identities_siq_tickets AS bigint MINVALUE 0 START 0 CACHE 1 CYCLE;
COMMENT ON SEQUENCE @extschema@.identities_siq_tickets IS 'internal: siq_generate''s tickets, whose low bits are the serials (keep CACHE 1)';

-- Internal: the 1/65536 s tick of the system clock, floor(now * 65536 / 1 s) since 1970, exactly.
CREATE FUNCTION @extschema@.identities_siq_clock_tick(micros bigint) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF micros < 0 OR micros / 1000000 > 1099511627775 THEN
		@raise siq_clock_out_of_range();
	END IF;
	RETURN (micros / 1000000) << 16 | ((micros % 1000000) << 16) / 1000000;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_clock_tick(bigint) IS 'internal: the siq tick of an instant in Unix microseconds (22008 outside the range)';

-- Internal: the register of siq_generate (identities_portable.sql): the session's last id's tick (its low 50 bits)
-- << 13 | the low 13 bits of the session's first ticket in that tick.
CREATE UNLOGGED SEQUENCE @extschema@.identities_siq_last AS bigint MINVALUE 0 CACHE 1;
COMMENT ON SEQUENCE @extschema@.identities_siq_last IS 'internal: siq_generate''s register (each session''s last tick and first ticket in it, through currval)';

-- Internal: SUOU's SiqGen step, with a serial from a server-wide counter. The native generator counts one serial
-- per qualifier in shared memory: 0, 1, 2, ... in each tick, server-wide. SQL has no shared memory, so here the
-- serial is the low 16 - width bits of a ticket from the sequence identities_siq_tickets, drawn between two
-- readings of the clock that fall in the id's tick or the tick before: the tickets of any two ids of one tick
-- were drawn within two ticks (about 31 us), so they differ by less than 2^(16 - width) (2048 at the least) and
-- so do their serials: no two sessions of the database make the same siq while the clock does not go back. The
-- session's ids strictly increase: its last tick and its first ticket in that tick are in the register
-- identities_siq_last, and when the serials have wrapped since that first ticket (of any qualifier: so for every
-- qualifier's) it waits for the next tick (about 15 us); a clock behind its last tick is not followed back (the
-- next id takes the tick after the last). Runs as the role that installed the edition, the only one that may draw
-- tickets or store in the register: no session can burn, rewind or forge them, and no rollback takes them back.
CREATE FUNCTION @extschema@.identities_siq_generate(qualifier text, domain_hash bigint, shard integer)
	RETURNS @extschema@.siq
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	qualifier_names constant text[] := ARRAY['user', 'application', 'event', 'product', 'group', 'collection',
		'invite', 'tag', 'channel', 'thread', 'message', 'ternary', 'manytomany', 'multi', 'content'];
	qualifier_values constant integer[] := ARRAY[32, 48, 40, 56, 36, 52, 44, 34, 42, 22, 30, 9, 13, 11, 15];
	tick_mask constant bigint := 1125899906842623; -- 2^50 - 1
	qualifier_index integer := array_position(qualifier_names, qualifier);
	qualifier_value integer;
	width integer;
	last bigint;
	since_last bigint;
	micros bigint;
	before_tick bigint;
	tick bigint;
	ticket bigint;
	first_ticket bigint;
BEGIN
	IF qualifier_index IS NULL THEN
		@raise siq_unknown_qualifier(qualifier, array_to_string(qualifier_names, ', '));
	END IF;
	qualifier_value := qualifier_values[qualifier_index];
	width := CASE WHEN qualifier_value >= 32 THEN 5 WHEN qualifier_value >= 16 THEN 4 ELSE 3 END;
	IF current_setting('transaction_read_only') = 'on' THEN
		PERFORM @extschema@.identities_refuse_read_only('SIQ');
	END IF;
	BEGIN
		last := currval('@extschema@.identities_siq_last'); -- the register: the session's last tick
	EXCEPTION WHEN object_not_in_prerequisite_state THEN
		last := NULL; -- none yet in this session
	END;
	LOOP
		-- the ticks of the clock, floor(now * 65536 / 1 s) since 1970 (identities_siq_clock_tick, checked below)
		micros := (extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
		before_tick := (micros / 1000000) << 16 | ((micros % 1000000) << 16) / 1000000;
		ticket := nextval('@extschema@.identities_siq_tickets');
		micros := (extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
		tick := (micros / 1000000) << 16 | ((micros % 1000000) << 16) / 1000000;
		CONTINUE WHEN tick - before_tick > 1; -- a ticket drawn over more than two ticks: draw another
		first_ticket := ticket;
		IF last IS NOT NULL THEN
			since_last := (tick - (last >> 13)) & tick_mask; -- ticks since the last id, modulo 2^50
			IF since_last > tick_mask / 2 THEN
				-- The clock is behind this session's last tick (set back): the tick after it.
				tick := tick + (tick_mask + 1 - since_last) + 1;
			ELSIF since_last = 0 THEN
				first_ticket := ticket - ((ticket - (last & 8191)) & 8191);
				IF ticket >> (16 - width) <> first_ticket >> (16 - width) THEN
					-- The serials wrapped within the tick: wait for the next one (about 15 us), and draw again.
					WHILE @extschema@.identities_siq_clock_tick((extract(epoch FROM clock_timestamp()) * 1000000)::bigint) = tick LOOP
					END LOOP;
					last := NULL;
					CONTINUE;
				END IF;
			END IF;
		END IF;
		IF micros < 0 OR tick > 72057594037927935 THEN
			@raise siq_clock_out_of_range();
		END IF;
		PERFORM setval('@extschema@.identities_siq_last', (tick & tick_mask) << 13 | (first_ticket & 8191));
		RETURN lpad(to_hex(tick), 14, '0') || lpad(to_hex(shard), 2, '0') || lpad(to_hex(domain_hash), 8, '0')
			|| lpad(to_hex((ticket & ((1 << (16 - width)) - 1)) << width | (qualifier_value & ((1 << width) - 1))), 4, '0');
	END LOOP;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_siq_generate(text, bigint, integer) IS 'internal: a new SIQ of a qualifier, domain hash and shard';

@function siq_domain_hash(text)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF $1 = '' OR $1 = '0' THEN
		RETURN 0;
	END IF;
	IF $1 ~ E'[^\\x01-\\x7f]' THEN
		@raise siq_domain_not_ascii($1);
	END IF;
	RETURN ('x' || encode(substr(sha256(convert_to($1, 'UTF8')), 29, 4), 'hex'))::bit(32)::bigint;
END
$$;

-- The settings are read by name (identities.siq_domain, identities.siq_shard): the native edition checks them when
-- they are set, this one when it reads them. An unset identities.siq_shard is, on a Citus node, the node's group
-- id % 256 (as the native edition derives it), else 0.
@function siq_generate(text)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_siq_generate(qualifier,
		@extschema@.siq_domain_hash(@extschema@.identities_server_setting('identities.siq_domain')),
		@extschema@.identities_node_setting('identities.siq_shard'));
END
$$;
COMMENT ON FUNCTION @extschema@.siq_generate(text) IS 'new SIQ of a qualifier (user, message, ...), domain and shard from identities.siq_domain and identities.siq_shard; serials from a server-wide sequence in the portable edition';

@function siq_generate(text,text,integer)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	domain_hash bigint := @extschema@.siq_domain_hash(domain);
BEGIN
	IF shard < 0 OR shard > 255 THEN
		@raise siq_shard_out_of_range(shard);
	END IF;
	RETURN @extschema@.identities_siq_generate(qualifier, domain_hash, shard);
END
$$;
COMMENT ON FUNCTION @extschema@.siq_generate(text, text, integer) IS 'new SIQ of a qualifier, domain and shard (0-255); serials from a server-wide sequence in the portable edition';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's tick (1/65536 s,
-- rounded down), the shard, the domain's hash, the serial (numbering the ids of one tick, up to the qualifier's
-- maximum) and the qualifier, checked in the native edition's order (domain, shard, qualifier, serial, instant). No
-- generator state and no sequence: the same arguments give the same id, as in the native edition. From 1970-01-01
-- to 36812-02-20 00:36:15.999999+00, else 22008.
@function siq_generate_at(timestamptz,integer,text,text,integer)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	domain_hash bigint := @extschema@.siq_domain_hash(domain);
	qualifier_names constant text[] := ARRAY['user', 'application', 'event', 'product', 'group', 'collection',
		'invite', 'tag', 'channel', 'thread', 'message', 'ternary', 'manytomany', 'multi', 'content'];
	qualifier_values constant integer[] := ARRAY[32, 48, 40, 56, 36, 52, 44, 34, 42, 22, 30, 9, 13, 11, 15];
	qualifier_index integer;
	qualifier_value integer;
	width integer;
	max_serial integer;
	micros numeric;
BEGIN
	IF shard < 0 OR shard > 255 THEN
		@raise siq_shard_out_of_range(shard);
	END IF;
	qualifier_index := array_position(qualifier_names, qualifier);
	IF qualifier_index IS NULL THEN
		@raise siq_unknown_qualifier(qualifier, array_to_string(qualifier_names, ', '));
	END IF;
	qualifier_value := qualifier_values[qualifier_index];
	width := CASE WHEN qualifier_value >= 32 THEN 5 WHEN qualifier_value >= 16 THEN 4 ELSE 3 END;
	max_serial := (1 << (16 - width)) - 1;
	IF serial < 0 OR serial > max_serial THEN
		@raise siq_serial_out_of_range(serial, qualifier, max_serial);
	END IF;
	IF isfinite(at) THEN
		micros := floor(extract(epoch FROM at) * 1000000);
	END IF;
	IF micros IS NULL OR micros < 0 OR div(micros, 1000000) > 1099511627775 THEN
		@raise siq_time_out_of_range();
	END IF;
	-- assembled as identities_siq_generate assembles its ids
	RETURN lpad(to_hex(@extschema@.identities_siq_clock_tick(micros::bigint)), 14, '0') || lpad(to_hex(shard), 2, '0')
		|| lpad(to_hex(domain_hash), 8, '0') || lpad(to_hex(serial << width | (qualifier_value & ((1 << width) - 1))), 4, '0');
END
$$;

-- Domain and shard from identities.siq_domain and identities.siq_shard, as siq_generate(qualifier) takes them (read
-- before the qualifier is checked, as the native edition reads them).
@function siq_generate_at(timestamptz,integer,text)
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
	RETURN @extschema@.siq_generate_at(at, serial, qualifier, @extschema@.identities_server_setting('identities.siq_domain'),
		@extschema@.identities_node_setting('identities.siq_shard'));

@function siq_extract_timestamp(siq)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	ts56 bigint := ('x' || substr($1, 1, 14))::bit(56)::bigint;
	micros bigint := (ts56 >> 16) * 1000000 + ((ts56 & 65535) * 1000000 >> 16);
BEGIN
	-- exact: a whole number of hours times a float is, and so is less than an hour of microseconds
	RETURN timestamptz '1970-01-01 00:00:00+00' + interval '1 hour' * (micros / 3600000000)
		+ interval '1 microsecond' * (micros % 3600000000);
END
$$;

@function siq_extract_shard(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ('x' || substr($1, 15, 2))::bit(8)::integer;

@function siq_extract_domain_hash(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ('x' || substr($1, 17, 8))::bit(32)::bigint;

-- The tail's qualifier codes are suffix-free: a final 1 is a 3-bit qualifier, a final 110 a 4-bit one, anything
-- else a 5-bit one; its value is the bits with a leading 1 marking the width (SUOU's enum). 50, 58 and 60 are
-- reserved upstream: no name, NULL.
@function siq_extract_qualifier(siq)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	tail integer := ('x' || substr($1, 25, 4))::bit(16)::integer;
	width integer := CASE WHEN tail & 1 = 1 THEN 3 WHEN tail & 7 = 6 THEN 4 ELSE 5 END;
BEGIN
	RETURN CASE (1 << width) | (tail & ((1 << width) - 1))
		WHEN 32 THEN 'user' WHEN 48 THEN 'application' WHEN 40 THEN 'event' WHEN 56 THEN 'product'
		WHEN 36 THEN 'group' WHEN 52 THEN 'collection' WHEN 44 THEN 'invite' WHEN 34 THEN 'tag'
		WHEN 42 THEN 'channel' WHEN 22 THEN 'thread' WHEN 30 THEN 'message' WHEN 9 THEN 'ternary'
		WHEN 13 THEN 'manytomany' WHEN 11 THEN 'multi' WHEN 15 THEN 'content' END;
END
$$;

@function siq_extract_serial(siq)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	tail integer := ('x' || substr($1, 25, 4))::bit(16)::integer;
BEGIN
	RETURN tail >> CASE WHEN tail & 1 = 1 THEN 3 WHEN tail & 7 = 6 THEN 4 ELSE 5 END;
END
$$;

-- Smallest siq whose siq_extract_timestamp is at or after the instant: the tick rounded up, everything else 0.
@function siq_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	micros numeric;
	seconds numeric;
	ts56 numeric;
BEGIN
	IF $1 = '-infinity' THEN
		RETURN '0000000000000000000000000000';
	END IF;
	IF $1 <> 'infinity' THEN
		micros := extract(epoch FROM $1) * 1000000;
		IF micros <= 0 THEN
			RETURN '0000000000000000000000000000';
		END IF;
		seconds := div(micros, 1000000);
		-- rounded up; a remainder of 999999 us rounds up to the next second's tick 0
		ts56 := seconds * 65536 + div(mod(micros, 1000000) * 65536 + 999999, 1000000);
	END IF;
	IF $1 = 'infinity' OR seconds > 1099511627775 OR ts56 > 72057594037927935 THEN
		@raise siq_time_out_of_range();
	END IF;
	RETURN lpad(to_hex(ts56::bigint), 14, '0') || '00000000000000';
END
$$;

-- string forms and the UUIDv8 mapping

-- "did:siq:" + base32 of CRC-32(14 bytes) as 6 big-endian bytes and the 14 bytes, its first 3 chars ("aaa") dropped.
@function siq_to_did(siq)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bytes bytea := decode($1, 'hex');
BEGIN
	RETURN 'did:siq:' || substr(@extschema@.identities_siq_base32(
		decode('0000', 'hex') || substr(int8send(@extschema@.identities_siq_crc32(bytes)), 5) || bytes,
		'abcdefghijklmnopqrstuvwxyz234567'), 4);
END
$$;

-- The body in either case, with the prefix or (as SUOU's removeprefix) without.
@function siq_from_did(text)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_siq_of_did_body(CASE WHEN left($1, 8) = 'did:siq:' THEN substr($1, 9) ELSE $1 END, $1);
END
$$;

-- URL-safe base64 of the 15-byte form (one leading zero byte): always 20 chars, no padding.
@function siq_to_base64(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN translate(encode(decode('00' || $1, 'hex'), 'base64'), '+/', '-_');

-- Crockford base32 of the 15-byte form, leading '0's stripped; the zero siq, which SUOU writes as "", is "0".
@function siq_to_cb32(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN coalesce(nullif(ltrim(@extschema@.identities_siq_base32(decode('00' || $1, 'hex'), '0123456789ABCDEFGHJKMNPQRSTVWXYZ'), '0'), ''), '0');

-- 1 to 24 chars (SUOU's zfill(24)), either case, Crockford's aliases I, L -> 1 and O -> 0.
@function siq_from_cb32(text)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bytes bytea;
BEGIN
	IF length($1) BETWEEN 1 AND 24 THEN
		bytes := @extschema@.identities_siq_base32_bytes(lpad($1, 24, '0'), true);
	END IF;
	IF bytes IS NULL THEN
		RAISE EXCEPTION 'invalid input syntax for type siq: "%"', $1 USING ERRCODE = '22P02';
	END IF;
	IF get_byte(bytes, 0) <> 0 THEN
		@raise siq_value_out_of_range($1);
	END IF;
	RETURN encode(substr(bytes, 2), 'hex');
END
$$;

-- siq bits 111..64 in bytes 0..5, version 8, bits 63..52, variant 10, bits 51..0, then 10 zero bits.
@function siq_to_uuid(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (substr($1, 1, 12) || '8' || substr($1, 13, 3)
		|| to_hex(('x' || substr($1, 16, 13))::bit(52)::bigint << 10 | (-9223372036854775808)::bigint))::uuid;

@function uuid_to_siq(uuid)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	hex text := replace($1::text, '-', '');
	low bigint := ('x' || substr(hex, 17, 16))::bit(64)::bigint;
BEGIN
	IF substr(hex, 13, 1) <> '8' OR low >> 62 & 3 <> 2 OR low & 1023 <> 0 THEN
		@raise siq_uuid_shape($1);
	END IF;
	RETURN substr(hex, 1, 12) || substr(hex, 14, 3) || lpad(to_hex(low >> 10 & 4503599627370495), 13, '0');
END
$$;

-- conversions: the native edition's casts, as functions (a cast to or from a domain is its base type's)

@function bytea_to_siq(bytea)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF length($1) = 14 THEN
		RETURN encode($1, 'hex');
	END IF;
	IF length($1) = 16 AND get_byte($1, 0) = 0 AND get_byte($1, 1) = 0 THEN
		RETURN encode(substr($1, 3), 'hex');
	END IF;
	@raise siq_binary_length(E'\\x' || encode(substr($1, 1, 32), 'hex') || CASE WHEN length($1) > 32 THEN '...' ELSE '' END, length($1));
END
$$;

@function siq_to_bytea(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN decode($1, 'hex');

@function numeric_to_siq(numeric)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF $1 = 'NaN' OR $1 < 0 OR $1 > 5192296858534827628530496329220095 OR $1 <> trunc($1) THEN
		@raise siq_numeric_out_of_range($1);
	END IF;
	RETURN encode(@extschema@.identities_numeric_to_bytes(trunc($1), 14), 'hex');
END
$$;

@function siq_to_numeric(siq)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_bytes_to_numeric(decode($1, 'hex'));

-- A driver sends an integer as the smallest type that holds it (psycopg: smallint, integer, bigint, numeric).
@function bigint_to_siq(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN @extschema@.numeric_to_siq($1::numeric);
@function integer_to_siq(integer)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN @extschema@.numeric_to_siq($1::numeric);
@function smallint_to_siq(smallint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN @extschema@.numeric_to_siq($1::numeric);

-- @expand time_window FORMAT=siq TYPE=@extschema@.siq IDTYPE=@extschema@.siq MIN='0000000000000000000000000000' MAX='ffffffffffffffffffffffffffff' PREVIOUS=lpad(to_hex(('x'||substr(last_id,1,14))::bit(56)::bigint-1),14,'0')||'ffffffffffffff' LAST='36812-02-20T00:36:15.999984+00'::timestamptz
CREATE OPERATOR @extschema@.<@ (LEFTARG = @extschema@.siq, RIGHTARG = tstzrange, FUNCTION = @extschema@.siq_within);
COMMENT ON OPERATOR @extschema@.<@ (@extschema@.siq, tstzrange) IS 'the id''s timestamp is in the time window (siq_within)';
