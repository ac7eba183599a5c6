// SQL functions of the iuid type (src/core/iuid.hpp holds the format).
#include "core/iuid.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/fixed_bytes_type.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

using namespace identities;

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<IuidState> iuid_slot{
    "iuid", [] { return static_cast<std::int64_t>(kIuidMaxUnixMillis) * kMicrosPerMilli; }};
static_assert(pg::KeepsHighWaterMark<IuidState>::value, "the server's high-water mark keeps its ids");

namespace {

Uint128 iuid_arg(FunctionCallInfo fcinfo, int argument) {
	return load_big_endian(pg::bytes_of(PG_GETARG_DATUM(argument)), kIuidSize);
}

Datum iuid_datum(Uint128 id) {
	std::uint8_t bytes[kIuidSize];
	store_big_endian(id, bytes, kIuidSize);
	return pg::fixed_bytes_datum(bytes, kIuidSize);
}

// A uuid that arrives as bytes (binary input, a uuid cast) must carry the iuid's version and variant too.
Uint128 checked_iuid_bytes(const std::uint8_t *bytes, ErrorCode code, const char *source) {
	const Uint128 id = load_big_endian(bytes, kIuidSize);
	if (!has_iuid_shape(id))
		throw Error(code, std::string(source) + " \"" + format_uuid(bytes) + "\" is not an iuid", kIuidShapeDetail);
	return id;
}

} // namespace

IDENTITIES_FIXED_BYTES_TYPE(iuid, kIuidSize)
IDENTITIES_UUID_CROSS_TYPE(iuid, kIuidSize)
IDENTITIES_FUNCTION(iuid_send) { return pg::fixed_bytes_send(pg::bytes_of(PG_GETARG_DATUM(0)), kIuidSize); }
IDENTITIES_FIXED_BYTES_ROUTING_ORDER(iuid, kIuidSize, country, kIuidCountryByte)

// The smallest iuid of the country in iuid_country_ops order: version and variant set, everything else 0.
IDENTITIES_FUNCTION(iuid_country_boundary) {
	return iuid_datum(compose_iuid(0, 0, checked_iuid_country(PG_GETARG_INT32(0)), 0, 0));
}

IDENTITIES_FUNCTION(iuid_in) { return iuid_datum(parse_iuid(PG_GETARG_CSTRING(0))); }

// The canonical lowercase uuid text, as core uuid prints the same bytes.
IDENTITIES_FUNCTION(iuid_out) { return DirectFunctionCall1(uuid_out, PG_GETARG_DATUM(0)); }

IDENTITIES_FUNCTION(iuid_recv) {
	auto *message = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(pq_getmsgbytes(message, kIuidSize));
	return iuid_datum(checked_iuid_bytes(bytes, ErrorCode::InvalidBinaryRepresentation, "binary value"));
}

IDENTITIES_FUNCTION(uuid_to_iuid) {
	return iuid_datum(checked_iuid_bytes(PG_GETARG_UUID_P(0)->data, ErrorCode::InvalidTextRepresentation, "uuid"));
}

IDENTITIES_FUNCTION(iuid_generate) {
	const std::uint8_t country = checked_iuid_country(PG_GETARG_INT32(0));
	const std::uint8_t service_entity = checked_iuid_service_entity(PG_GETARG_INT32(1));
	// Drawn once per id and reused after sleeping.
	const std::uint64_t random_bits = random_u64();
	const auto id = pg::generate_from_slot(iuid_slot, kIuidClockRange, [&](IuidState &state, UnixMicros now) {
		return step_iuid(state, now, random_bits, country, service_entity);
	});
	return iuid_datum(id);
}

// An id of the past: no generator state, so two ids of one instant differ only by their random bits.
IDENTITIES_FUNCTION(iuid_generate_at) {
	const std::uint8_t country = checked_iuid_country(PG_GETARG_INT32(1));
	const std::uint8_t service_entity = checked_iuid_service_entity(PG_GETARG_INT32(2));
	return iuid_datum(
	    iuid_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), random_u64(), country, service_entity));
}

IDENTITIES_FUNCTION(iuid_extract_timestamp) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(iuid_unix_micros(iuid_arg(fcinfo, 0))));
}

IDENTITIES_FUNCTION(iuid_extract_country) { PG_RETURN_INT32(iuid_country(iuid_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(iuid_extract_service_entity) { PG_RETURN_INT32(iuid_service_entity(iuid_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(iuid_extract_format_version) { PG_RETURN_INT32(iuid_format_version(iuid_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(iuid_boundary) {
	return iuid_datum(iuid_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

IDENTITIES_TIME_WINDOW_BEFORE(iuid, iuid_datum, identities::iuid_boundary, identities::iuid_before_boundary,
                              compose_iuid(0, 0, 0, 0, 0),
                              compose_iuid(kIuidMaxUnixMillis, 15, 255, 255, kIuidRandomMax))
