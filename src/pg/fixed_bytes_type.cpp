#include "pg/fixed_bytes_type.hpp"

#include "core/error.hpp"
#include "core/numeric_wire.hpp"
#include "pg/datums.hpp"

namespace identities::pg {
namespace {

struct SortState {
	std::size_t size;
	// Cardinality estimate of the abbreviated keys, to give up on them when they do not discriminate.
	std::int64_t input_count;
	bool estimating;
	hyperLogLogState abbreviated_cardinality;
};

const SortState &sort_state(SortSupport support) { return *static_cast<const SortState *>(support->ssup_extra); }

extern "C" int full_compare(Datum left, Datum right, SortSupport support) {
	return compare_fixed_bytes(left, right, sort_state(support).size);
}

// The first 8 bytes as an unsigned integer: compared as Datums, they sort like the whole value.
extern "C" Datum abbreviate(Datum original, SortSupport support) {
	auto &state = *static_cast<SortState *>(support->ssup_extra);
	Datum key = 0;
	memcpy(&key, DatumGetPointer(original), sizeof(Datum));
	state.input_count++;
	if (state.estimating) {
		const std::uint64_t wide = key; // a Datum is 4 bytes on 32-bit builds before 19
		const std::uint32_t folded = static_cast<std::uint32_t>(wide ^ (wide >> 32));
		addHyperLogLog(&state.abbreviated_cardinality, DatumGetUInt32(hash_uint32(folded)));
	}
	return DatumBigEndianToNative(key);
}

// The same policy as core uuid: keep abbreviating unless the keys are nearly all equal.
extern "C" bool abort_abbreviation(int memtuple_count, SortSupport support) {
	auto &state = *static_cast<SortState *>(support->ssup_extra);
	if (memtuple_count < 10000 || state.input_count < 10000 || !state.estimating)
		return false;
	const double distinct = estimateHyperLogLog(&state.abbreviated_cardinality);
	if (distinct > memtuple_count / 2000.0) {
		state.estimating = false;
		return false;
	}
	return distinct < state.input_count / 2000.0 + 0.5;
}

} // namespace

void fixed_bytes_sortsupport(SortSupport support, std::size_t size) {
	auto *state = static_cast<SortState *>(MemoryContextAllocZero(support->ssup_cxt, sizeof(SortState)));
	state->size = size;
	support->ssup_extra = state;
	support->comparator = full_compare;
	if (support->abbreviate && SIZEOF_DATUM == 8 && size >= 8) {
		state->estimating = true;
		initHyperLogLog(&state->abbreviated_cardinality, 10);
		support->comparator = ssup_datum_unsigned_cmp;
		support->abbrev_converter = abbreviate;
		support->abbrev_abort = abort_abbreviation;
		support->abbrev_full_comparator = full_compare;
	}
}

double fixed_bytes_distance(Datum left, Datum right, std::size_t size) noexcept {
	const Uint128 low = load_big_endian(bytes_of(left), size);
	const Uint128 high = load_big_endian(bytes_of(right), size);
	return high >= low ? static_cast<double>(high - low) : 0.0;
}

namespace {

// The numeric last placed by one operator call site, kept in its fn_extra. palloc aligns to 8 bytes, not to the
// 16 an unsigned __int128 member asks for: the place is kept as bytes.
struct NumericPlaceCache {
	std::size_t capacity;
	std::size_t length;
	unsigned char place[sizeof(NumericPlace)];
	char bytes[FLEXIBLE_ARRAY_MEMBER];
};

} // namespace

NumericPlace numeric_place(FunctionCallInfo fcinfo, Datum numeric, Uint128 max) {
	const struct varlena *packed = PG_DETOAST_DATUM_PACKED(numeric);
	const char *bytes = VARDATA_ANY(packed);
	const std::size_t length = VARSIZE_ANY_EXHDR(packed);
	if (fcinfo->flinfo == nullptr) // a direct call: nowhere to keep it
		return identities::place_numeric(numeric_text(numeric), max);
	auto *cache = static_cast<NumericPlaceCache *>(fcinfo->flinfo->fn_extra);
	NumericPlace place;
	if (cache != nullptr && cache->length == length && memcmp(cache->bytes, bytes, length) == 0) {
		memcpy(&place, cache->place, sizeof place);
		return place;
	}
	place = identities::place_numeric(numeric_text(numeric), max);
	if (cache == nullptr || cache->capacity < length) {
		const std::size_t capacity = length < 32 ? 32 : length;
		cache = static_cast<NumericPlaceCache *>(
		    MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, offsetof(NumericPlaceCache, bytes) + capacity));
		cache->capacity = capacity;
		fcinfo->flinfo->fn_extra = cache;
	}
	memcpy(cache->place, &place, sizeof place);
	cache->length = length;
	memcpy(cache->bytes, bytes, length);
	return place;
}

int hash_partition_remainder(const std::uint8_t *bytes, std::size_t size, std::int32_t modulus) {
	if (modulus <= 0)
		throw Error(ErrorCode::InvalidParameterValue,
		            "modulus for hash partition must be an integer value greater than zero");
	const std::uint64_t hash = DatumGetUInt64(hash_any_extended(bytes, static_cast<int>(size), HASH_PARTITION_SEED));
	return static_cast<int>(hash_combine64(0, hash) % static_cast<std::uint64_t>(modulus));
}

Datum fixed_bytes_send(const std::uint8_t *bytes, std::size_t size) {
	StringInfoData message;
	pq_begintypsend(&message);
	pq_sendbytes(&message, reinterpret_cast<const char *>(bytes), static_cast<int>(size));
	return PointerGetDatum(pq_endtypsend(&message));
}

Datum raw_wire_send(Datum value, std::size_t size, Uint128 max, const char *type_name) {
	check_raw_wire_send(bytes_of(value), size, max, type_name);
	return fixed_bytes_send(bytes_of(value), size);
}

const std::uint8_t *raw_wire_receive(StringInfo message, std::size_t size, Uint128 max, const char *type_name) {
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(message->data + message->cursor);
	check_raw_wire_receive(bytes, static_cast<std::size_t>(message->len - message->cursor), size, max, type_name);
	message->cursor = message->len;
	return bytes;
}

Datum numeric_wire_send(Uint128 value) {
	std::uint8_t form[kNumericWireMaxSize];
	const std::size_t length = encode_numeric_wire(value, form);
	auto *binary = static_cast<bytea *>(palloc(VARHDRSZ + length));
	SET_VARSIZE(binary, VARHDRSZ + length);
	memcpy(VARDATA(binary), form, length);
	return PointerGetDatum(binary);
}

Uint128 numeric_wire_receive(StringInfo message, Uint128 max, const char *type_name, const char *range_detail) {
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(message->data + message->cursor);
	const std::size_t length = static_cast<std::size_t>(message->len - message->cursor);
	const Uint128 value = decode_numeric_wire(bytes, length, max, type_name, range_detail);
	message->cursor = message->len;
	return value;
}

} // namespace identities::pg
