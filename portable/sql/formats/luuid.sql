--------------------------------------------------------------------------------------------------------------
-- LUUID: an entity's own key and its class's group inside a uuid (pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr)
--------------------------------------------------------------------------------------------------------------

-- The blog's CRC-12 (reflected polynomial 0xF01, initial and final 0xFFF) of the text's bytes in the database's
-- encoding, as the native function reads them.
@function luuid_group(text)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bytes bytea := convert_to($1, pg_catalog.getdatabaseencoding());
	crc integer := 4095;
	term integer;
BEGIN
	FOR position IN 0..length(bytes) - 1 LOOP
		term := (crc # get_byte(bytes, position)) & 255;
		FOR bit IN 1..8 LOOP
			term := CASE WHEN term & 1 = 1 THEN (term >> 1) # 3841 ELSE term >> 1 END;
		END LOOP;
		crc := (crc >> 8) # term;
	END LOOP;
	RETURN crc # 4095;
END
$$;

@function luuid_generate(integer,bigint)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF key < 0 OR key > 281474976710655 THEN
		@raise luuid_key_out_of_range(key);
	END IF;
	IF grp < 0 OR grp > 4095 THEN
		@raise luuid_group_out_of_range(grp);
	END IF;
	-- 60 random bits after the fixed nibble a: 15 hex digits from the wholly random bytes 9-15 of a random uuid
	RETURN (lpad(to_hex(key), 12, '0') || '6' || lpad(to_hex(grp), 3, '0') || 'a'
		|| substr(encode(@extschema@.identities_random_bytes(), 'hex'), 18, 15))::uuid;
END
$$;
@function luuid_generate(text,bigint)
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
	RETURN @extschema@.luuid_generate(@extschema@.luuid_group(grp), key);

-- The extractors return NULL for a uuid without LUUID's version 6 and fixed nibble a: it embeds no key.
@function luuid_extract_group(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN CASE WHEN substr($1::text, 15, 1) = '6' AND substr($1::text, 20, 1) = 'a'
		THEN ('x' || substr($1::text, 16, 3))::bit(12)::integer END;
@function luuid_extract_key(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN CASE WHEN substr($1::text, 15, 1) = '6' AND substr($1::text, 20, 1) = 'a'
		THEN ('x' || substr($1::text, 1, 8) || substr($1::text, 10, 4))::bit(48)::bigint END;
@function luuid_short(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN to_hex(@extschema@.luuid_extract_key($1));
