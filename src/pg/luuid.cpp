// SQL functions of LUUID, kept in uuid (src/core/luuid.hpp holds the format).
#include "core/luuid.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"

using namespace identities;

namespace {

Datum generate_luuid(std::uint16_t group, std::int64_t key) {
	return pg::uuid_datum(compose_luuid(checked_luuid_key(key), group, random_u64() >> 4));
}

} // namespace

IDENTITIES_FUNCTION(luuid_generate_named) {
	const std::uint16_t group = crc12(pg::text_view(PG_GETARG_DATUM(0)));
	return generate_luuid(group, PG_GETARG_INT64(1));
}

IDENTITIES_FUNCTION(luuid_generate) {
	return generate_luuid(checked_luuid_group(PG_GETARG_INT32(0)), PG_GETARG_INT64(1));
}

IDENTITIES_FUNCTION(luuid_group) { PG_RETURN_INT32(crc12(pg::text_view(PG_GETARG_DATUM(0)))); }

// The extractors return NULL for a uuid without LUUID's version 6 and fixed nibble a: it embeds no key.
IDENTITIES_FUNCTION(luuid_extract_group) {
	const Uint128 id = pg::uuid_value(PG_GETARG_DATUM(0));
	if (!has_luuid_shape(id))
		PG_RETURN_NULL();
	PG_RETURN_INT32(luuid_group(id));
}

IDENTITIES_FUNCTION(luuid_extract_key) {
	const Uint128 id = pg::uuid_value(PG_GETARG_DATUM(0));
	if (!has_luuid_shape(id))
		PG_RETURN_NULL();
	PG_RETURN_INT64(static_cast<std::int64_t>(luuid_key(id)));
}

IDENTITIES_FUNCTION(luuid_short) {
	const Uint128 id = pg::uuid_value(PG_GETARG_DATUM(0));
	if (!has_luuid_shape(id))
		PG_RETURN_NULL();
	char text[kLuuidShortBufferSize];
	const std::size_t length = format_luuid_short(luuid_key(id), text);
	return pg::text_datum(text, length);
}
