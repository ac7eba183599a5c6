// SQL functions of the siq type (src/core/siq.hpp holds the format).
#include "core/siq.hpp"

#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/fixed_bytes_type.hpp"
#include "pg/module.hpp"
#include "pg/node_identity.hpp"
#include "pg/settings.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

// The format's settings (defined by define_siq_settings, called from _PG_init).
namespace identities::pg {
namespace {

// identities.siq_domain: the text guc.c keeps, and its hash (the GUC "extra"), so a SIQ costs no SHA-256.
char *siq_domain_text = nullptr;
std::uint32_t siq_domain_hash_value = 0;

extern "C" bool check_siq_domain(char **new_value, void **extra, GucSource source) {
	std::uint32_t hash = 0;
	if (!checked_in_hook([&] { hash = siq_domain_hash(*new_value ? *new_value : ""); }))
		return false;
	return store_extra(hash, extra);
}

extern "C" void assign_siq_domain(const char *new_value, void *extra) {
	siq_domain_hash_value = *static_cast<const std::uint32_t *>(extra);
}

} // namespace

void define_siq_settings() {
	DefineCustomStringVariable("identities.siq_domain",
	                           "The domain of siq_generate(qualifier): its hash goes in the SIQ.",
	                           "An ASCII domain name (punycode for international names); empty or 0 hashes to 0.",
	                           &siq_domain_text, "", PGC_SUSET, 0, check_siq_domain, assign_siq_domain, nullptr);
	define_node_setting(siq_shard_setting, "identities.siq_shard", "The shard of siq_generate(qualifier).", 255);
}

} // namespace identities::pg

using namespace identities;

// The node identity siq_generate(qualifier) puts in its ids (identities_stats).
static void describe_siq_node(char *buffer, std::size_t size) {
	pg::describe_node_identity(buffer, size, "shard %d", pg::effective_node_value(pg::siq_shard_setting), -1);
}

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<SiqState> siq_slot{
    "siq", [] { return static_cast<std::int64_t>(kSiqMaxTs56 >> kSiqFractionBits) * kMicrosPerSecond; },
    describe_siq_node};
static_assert(pg::KeepsHighWaterMark<SiqState>::value, "the server's high-water mark keeps its ids");

namespace {

Uint128 siq_arg(FunctionCallInfo fcinfo, int argument) { return load_siq(pg::bytes_of(PG_GETARG_DATUM(argument))); }

Datum siq_datum(Uint128 id) {
	std::uint8_t bytes[kSiqSize];
	store_siq(id, bytes);
	return pg::fixed_bytes_datum(bytes, kSiqSize);
}

Datum generate_siq(std::string_view qualifier_name, std::uint32_t domain_hash, std::uint8_t shard) {
	pg::require_shared_generator_states("siq_generate");
	const SiqQualifier &qualifier = siq_qualifier(qualifier_name);
	const auto id = pg::generate_from_slot(siq_slot, kSiqClockRange, [&](SiqState &state, UnixMicros now) {
		return step_siq(state, now, qualifier, shard, domain_hash);
	});
	return siq_datum(id);
}

// An id of the past (qualifier, serial, then the instant checked): no generator state, so it needs no shared memory.
Datum siq_at_datum(FunctionCallInfo fcinfo, std::uint32_t domain_hash, std::uint8_t shard) {
	const SiqQualifier &qualifier = siq_qualifier(pg::text_view(PG_GETARG_DATUM(2)));
	const std::uint16_t serial = checked_siq_serial(PG_GETARG_INT32(1), qualifier);
	return siq_datum(
	    siq_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), serial, qualifier, shard, domain_hash));
}

} // namespace

IDENTITIES_FIXED_BYTES_TYPE(siq, kSiqSize)
IDENTITIES_NUMERIC_CROSS_TYPE(siq, kSiqSize, kSiqMax)
IDENTITIES_FIXED_BYTES_ROUTING_ORDER(siq, kSiqSize, shard, kSiqShardByte)

// The smallest siq of the shard in siq_shard_ops order: everything else 0.
IDENTITIES_FUNCTION(siq_shard_boundary) {
	return siq_datum(compose_siq(0, checked_siq_shard(PG_GETARG_INT32(0)), 0, 0));
}

IDENTITIES_FUNCTION(siq_in) { return siq_datum(parse_siq(PG_GETARG_CSTRING(0))); }

IDENTITIES_FUNCTION(siq_out) {
	char text[kSiqHexLength + 1];
	format_siq_hex(siq_arg(fcinfo, 0), text);
	PG_RETURN_CSTRING(pstrdup(text));
}

// numeric's binary form, what a numeric column sends: the send and recv of siq from 0.2.0 on.
IDENTITIES_FUNCTION(siq_numeric_send) { return pg::numeric_wire_send(siq_arg(fcinfo, 0)); }

IDENTITIES_FUNCTION(siq_numeric_recv) {
	return siq_datum(pg::numeric_wire_receive(reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0)), kSiqMax, "siq",
	                                          kSiqRangeDetail));
}

// The 14 bytes as stored: the recv and send of 0.1.0, whose SQL names them, kept for a database still on 0.1.0.
// Every 14 bytes are a SIQ.
IDENTITIES_FUNCTION(siq_recv) {
	return pg::fixed_bytes_datum(
	    pg::raw_wire_receive(reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0)), kSiqSize, kSiqMax, "siq"), kSiqSize);
}

IDENTITIES_FUNCTION(siq_send) { return pg::raw_wire_send(PG_GETARG_DATUM(0), kSiqSize, kSiqMax, "siq"); }

IDENTITIES_FUNCTION(siq_generate_from_settings) {
	return generate_siq(pg::text_view(PG_GETARG_DATUM(0)), pg::siq_domain_hash_value,
	                    static_cast<std::uint8_t>(pg::effective_node_value(pg::siq_shard_setting)));
}

IDENTITIES_FUNCTION(siq_generate) {
	const std::string_view qualifier = pg::text_view(PG_GETARG_DATUM(0));
	const std::uint32_t domain_hash = siq_domain_hash(pg::text_view(PG_GETARG_DATUM(1)));
	return generate_siq(qualifier, domain_hash, checked_siq_shard(PG_GETARG_INT32(2)));
}

IDENTITIES_FUNCTION(siq_generate_at_from_settings) {
	return siq_at_datum(fcinfo, pg::siq_domain_hash_value,
	                    static_cast<std::uint8_t>(pg::effective_node_value(pg::siq_shard_setting)));
}

IDENTITIES_FUNCTION(siq_generate_at) {
	const std::uint32_t domain_hash = siq_domain_hash(pg::text_view(PG_GETARG_DATUM(3)));
	return siq_at_datum(fcinfo, domain_hash, checked_siq_shard(PG_GETARG_INT32(4)));
}

IDENTITIES_FUNCTION(siq_extract_timestamp) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(siq_unix_micros(siq_arg(fcinfo, 0))));
}

IDENTITIES_FUNCTION(siq_extract_shard) { PG_RETURN_INT32(siq_shard(siq_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(siq_extract_domain_hash) { PG_RETURN_INT64(siq_domain_hash(siq_arg(fcinfo, 0))); }

// NULL for the qualifier values SUOU reserves (50, 58, 60): they have no name.
IDENTITIES_FUNCTION(siq_extract_qualifier) {
	const SiqTailParts parts = decode_siq_tail(siq_tail(siq_arg(fcinfo, 0)));
	if (parts.qualifier == nullptr)
		PG_RETURN_NULL();
	return pg::text_datum(parts.qualifier->name, strlen(parts.qualifier->name));
}

IDENTITIES_FUNCTION(siq_extract_serial) { PG_RETURN_INT32(decode_siq_tail(siq_tail(siq_arg(fcinfo, 0))).serial); }

IDENTITIES_FUNCTION(siq_domain_hash) { PG_RETURN_INT64(siq_domain_hash(pg::text_view(PG_GETARG_DATUM(0)))); }

IDENTITIES_FUNCTION(siq_boundary) {
	return siq_datum(siq_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

IDENTITIES_TIME_WINDOW(siq, siq_datum, identities::siq_boundary, Uint128{0}, kSiqMax)

IDENTITIES_FUNCTION(siq_to_did) {
	const Uint128 id = siq_arg(fcinfo, 0);
	return pg::short_text_datum<64>([id] { return identities::siq_to_did(id); });
}

IDENTITIES_FUNCTION(siq_from_did) { return siq_datum(identities::siq_from_did(pg::text_view(PG_GETARG_DATUM(0)))); }

IDENTITIES_FUNCTION(siq_to_base64) {
	const Uint128 id = siq_arg(fcinfo, 0);
	return pg::short_text_datum<32>([id] { return identities::siq_to_base64(id); });
}

IDENTITIES_FUNCTION(siq_to_cb32) {
	const Uint128 id = siq_arg(fcinfo, 0);
	return pg::short_text_datum<32>([id] { return identities::siq_to_cb32(id); });
}

IDENTITIES_FUNCTION(siq_from_cb32) { return siq_datum(identities::siq_from_cb32(pg::text_view(PG_GETARG_DATUM(0)))); }

IDENTITIES_FUNCTION(siq_to_uuid) { return pg::uuid_datum(identities::siq_to_uuid(siq_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(uuid_to_siq) { return siq_datum(identities::uuid_to_siq(pg::uuid_value(PG_GETARG_DATUM(0)))); }

IDENTITIES_FUNCTION(bytea_to_siq) {
	const bytea *binary = PG_GETARG_BYTEA_PP(0);
	return siq_datum(
	    siq_from_bytes(reinterpret_cast<const std::uint8_t *>(VARDATA_ANY(binary)), VARSIZE_ANY_EXHDR(binary)));
}

IDENTITIES_FUNCTION(siq_to_bytea) {
	auto *binary = static_cast<bytea *>(palloc(VARHDRSZ + kSiqSize));
	SET_VARSIZE(binary, VARHDRSZ + kSiqSize);
	memcpy(VARDATA(binary), DatumGetPointer(PG_GETARG_DATUM(0)), kSiqSize);
	PG_RETURN_BYTEA_P(binary);
}

IDENTITIES_FUNCTION(numeric_to_siq) { return siq_datum(parse_siq_numeric(pg::numeric_text(PG_GETARG_DATUM(0)))); }

IDENTITIES_FUNCTION(siq_to_numeric) { return pg::numeric_datum(siq_arg(fcinfo, 0)); }
