--------------------------------------------------------------------------------------------------------------
-- Encoders: Architect.Identities' AlphanumericIdEncoder (base62) and HexadecimalIdEncoder
--------------------------------------------------------------------------------------------------------------
-- A bigint is one 8-byte block (11 base62 characters, 16 hex digits); a uuid two; a decimal (distributedid,
-- numeric) its 16-byte form with the always-zero leading characters dropped (16 base62, 26 hex). Decoders
-- return NULL for anything that is not a canonical encoding, like Architect's ...OrDefault methods.

-- Internal: an integer below 62^length (and 2^64) as that many base62 digits, and base62 digits as their integer
-- (NULL for a character outside the alphabet).
CREATE FUNCTION @extschema@.identities_base62_encode(value numeric, length integer) RETURNS text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	digits text := '';
	rest numeric := value;
BEGIN
	FOR position IN 1..length LOOP
		digits := substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', mod(rest, 62)::integer + 1, 1) || digits;
		rest := div(rest, 62);
	END LOOP;
	RETURN digits;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_base62_encode(numeric, integer) IS 'internal: an integer as base62 digits, most significant first, zero-padded to the length';

CREATE FUNCTION @extschema@.identities_base62_decode(digits text) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	value numeric := 0;
	digit integer;
BEGIN
	FOR position IN 1..length(digits) LOOP
		digit := strpos('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', substr(digits, position, 1)) - 1;
		IF digit < 0 THEN
			RETURN NULL;
		END IF;
		value := value * 62 + digit;
	END LOOP;
	RETURN value;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_base62_decode(text) IS 'internal: the integer of base62 digits, NULL for a character outside the alphabet';

-- Internal: the value an encoder of an integer encodes: a non-negative bigint, or an integral numeric up to 10^28-1.
CREATE FUNCTION @extschema@.identities_encodable_bigint(value bigint, target text) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF value < 0 THEN
		@raise encoders_negative_bigint(value, target);
	END IF;
	RETURN value;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_encodable_bigint(bigint, text) IS 'internal: a non-negative bigint, else 22003';

CREATE FUNCTION @extschema@.identities_encodable_numeric(value numeric, target text) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF value = 'NaN' OR value < 0 OR value > 9999999999999999999999999999 OR value <> trunc(value) THEN
		@raise distributedid_numeric_out_of_range(value, target);
	END IF;
	RETURN trunc(value);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_encodable_numeric(numeric, text) IS 'internal: an integral numeric from 0 to 10^28-1, else 22003';

-- alphanumeric (base62)

CREATE FUNCTION @extschema@.identities_alphanumeric_decimal(value numeric) RETURNS text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_base62_encode(div(value, 18446744073709551616), 5)
		|| @extschema@.identities_base62_encode(mod(value, 18446744073709551616), 11);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_alphanumeric_decimal(numeric) IS 'internal: the 16-character base62 form of a decimal from 0 to 10^28-1';

@function to_alphanumeric(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_base62_encode(@extschema@.identities_encodable_bigint($1, 'the alphanumeric encoding'), 11);
@function to_alphanumeric(integer)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.to_alphanumeric($1::bigint);
@function to_alphanumeric(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_alphanumeric_decimal($1);
@function to_alphanumeric(numeric)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_alphanumeric_decimal(@extschema@.identities_encodable_numeric($1, 'the alphanumeric encoding'));
@function to_alphanumeric(uuid)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_base62_encode(@extschema@.identities_bytes_to_numeric(substr(uuid_send($1), 1, 8)), 11)
		|| @extschema@.identities_base62_encode(@extschema@.identities_bytes_to_numeric(substr(uuid_send($1), 9, 8)), 11);
END
$$;

@function alphanumeric_to_bigint(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT CASE WHEN value <= 9223372036854775807 THEN value::bigint END
		FROM (SELECT CASE WHEN octet_length($1) = 11 THEN @extschema@.identities_base62_decode($1) END AS value) AS decoded);

@function alphanumeric_to_numeric(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT CASE WHEN low < 18446744073709551616 AND high * 18446744073709551616 + low <= 9999999999999999999999999999
			THEN high * 18446744073709551616 + low END
		FROM (SELECT @extschema@.identities_base62_decode(substr($1, 1, 5)) AS high, @extschema@.identities_base62_decode(substr($1, 6)) AS low
			WHERE octet_length($1) = 16) AS decoded);
@function alphanumeric_to_distributedid(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.alphanumeric_to_numeric($1);

@function alphanumeric_to_uuid(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT CASE WHEN high < 18446744073709551616 AND low < 18446744073709551616
			THEN @extschema@.identities_numeric_to_uuid(high * 18446744073709551616 + low) END
		FROM (SELECT @extschema@.identities_base62_decode(substr($1, 1, 11)) AS high, @extschema@.identities_base62_decode(substr($1, 12)) AS low
			WHERE octet_length($1) = 22) AS decoded);

-- hexadecimal

@function to_hexadecimal(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN upper(encode(int8send(@extschema@.identities_encodable_bigint($1, 'the hexadecimal encoding')::bigint), 'hex'));
@function to_hexadecimal(integer)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.to_hexadecimal($1::bigint);
@function to_hexadecimal(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN upper(encode(@extschema@.identities_numeric_to_bytes($1, 13), 'hex'));
@function to_hexadecimal(numeric)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN upper(encode(@extschema@.identities_numeric_to_bytes(@extschema@.identities_encodable_numeric($1, 'the hexadecimal encoding'), 13), 'hex'));
@function to_hexadecimal(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN upper(encode(uuid_send($1), 'hex'));

@function hexadecimal_to_bigint(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT CASE WHEN value >= 0 THEN value END
		FROM (SELECT ('x' || $1)::bit(64)::bigint AS value WHERE $1 ~ '^[0-9A-Fa-f]{16}$') AS decoded);
@function hexadecimal_to_numeric(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT CASE WHEN value <= 9999999999999999999999999999 THEN value END
		FROM (SELECT @extschema@.identities_bytes_to_numeric(decode($1, 'hex')) AS value WHERE $1 ~ '^[0-9A-Fa-f]{26}$') AS decoded);
@function hexadecimal_to_distributedid(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.hexadecimal_to_numeric($1);
@function hexadecimal_to_uuid(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (SELECT $1::uuid WHERE $1 ~ '^[0-9A-Fa-f]{32}$');
