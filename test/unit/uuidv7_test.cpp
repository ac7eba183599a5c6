// UUIDv7 (RFC 9562, method 3): the layout against test/vectors/uuidv7.tsv, the boundary, and the
// generator on a fake clock (many ids in one instant, a clock set back, the fraction's rounding).
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/uuidv7.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace identities {
namespace {

using testing::error_code_of;

std::string text_of(Uint128 id) {
	std::uint8_t bytes[16];
	store_big_endian(id, bytes, 16);
	return format_uuid(bytes);
}

constexpr UnixMicros kRfcExample = 1645557742000LL * kMicrosPerMilli; // RFC 9562 A.6: 2022-02-22 19:22:22 UTC

// test/vectors/uuidv7.tsv (RFC 9562 A.6 first): each uuid is its fields laid out, and its instant is its millisecond.
TEST(Uuidv7, ComposesTheRfcLayout) {
	for (const testing::VectorRow &row : testing::read_vectors("uuidv7")) {
		SCOPED_TRACE(testing::where("uuidv7", row));
		const Uint128 id = testing::uuid_of(row["uuid"]);
		const std::uint64_t unix_ts_ms = static_cast<std::uint64_t>(id >> 80);
		const std::uint64_t rand_a = static_cast<std::uint64_t>(id >> 64) & 0xFFF;
		EXPECT_EQ(text_of(compose_uuidv7((unix_ts_ms << 12) | rand_a, static_cast<std::uint64_t>(id))), row["uuid"]);
		EXPECT_TRUE(has_uuidv7_shape(id));
		EXPECT_EQ(uuidv7_unix_micros(id), testing::unix_micros_of(row["timestamp"]));
	}
	EXPECT_TRUE(has_uuidv7_shape(compose_uuidv7(12345, 678)));
}

TEST(Uuidv7, ShapeIsVersion7AndVariant10) {
	const Uint128 v7 = compose_uuidv7(1, 1);
	EXPECT_FALSE(has_uuidv7_shape(v7 ^ (Uint128{1} << 76)));  // version 6
	EXPECT_FALSE(has_uuidv7_shape(v7 ^ (Uint128{1} << 62)));  // variant 11
	EXPECT_FALSE(has_uuidv7_shape(v7 & ~(Uint128{1} << 63))); // variant 0x: DistributedId128's
}

TEST(Uuidv7, BoundaryIsTheSmallestIdOfTheFirstMillisecondAtOrAfterTheInstant) {
	EXPECT_EQ(text_of(uuidv7_boundary(kRfcExample)), "017f22e2-79b0-7000-8000-000000000000");
	EXPECT_EQ(text_of(uuidv7_boundary(kRfcExample + 1)), "017f22e2-79b1-7000-8000-000000000000");
	EXPECT_EQ(text_of(uuidv7_boundary(-5)), "00000000-0000-7000-8000-000000000000");
	EXPECT_EQ(uuidv7_boundary(static_cast<UnixMicros>(kUuidv7MaxUnixMillis) * kMicrosPerMilli),
	          compose_uuidv7(kUuidv7MaxUnixMillis << 12, 0));
	EXPECT_EQ(error_code_of([] { uuidv7_boundary(static_cast<UnixMicros>(kUuidv7MaxUnixMillis) * kMicrosPerMilli + 1); }),
	          ErrorCode::DatetimeValueOutOfRange);
}

// uuidv7_generate_at: the instant's millisecond, its fraction in rand_a as the generator takes the clock's, and 62
// random bits in rand_b after the variant.
TEST(Uuidv7At, EmbedsTheInstantTo1Over4096MillisecondAndThe62RandomBits) {
	EXPECT_EQ(text_of(uuidv7_at(kRfcExample + 500, 0x18C4DC0C0C07398F)), "017f22e2-79b0-7800-98c4-dc0c0c07398f");
	EXPECT_EQ(text_of(uuidv7_at(kRfcExample, ~std::uint64_t{0})), "017f22e2-79b0-7000-bfff-ffffffffffff");
	for (const auto &[micros, fraction] : {std::pair{0, 0u}, {1, 4u}, {244, 999u}, {500, 2048u}, {999, 4091u}}) {
		const Uint128 id = uuidv7_at(kRfcExample + micros, 0);
		EXPECT_EQ(static_cast<std::uint64_t>(id >> 64) & 0xFFF, fraction) << micros;
		EXPECT_EQ(uuidv7_unix_micros(id), kRfcExample) << micros; // never the next millisecond
		EXPECT_TRUE(has_uuidv7_shape(id)) << micros;
		Uuidv7State fresh;
		EXPECT_EQ(id, step_uuidv7(fresh, kRfcExample + micros, 0).id) << micros; // the generator's own time
	}
	// A microsecond is more than 1/4096 ms: instants a microsecond apart give increasing ids whatever their random
	// bits.
	Uint128 previous = 0;
	for (int micros = 0; micros < 3000; micros++) {
		const Uint128 id = uuidv7_at(kRfcExample + micros, micros % 2 == 0 ? ~std::uint64_t{0} : 0);
		EXPECT_GT(id, previous) << micros;
		previous = id;
	}
}

TEST(Uuidv7At, RangeIsThe48BitsOfUnixMilliseconds) {
	EXPECT_EQ(text_of(uuidv7_at(0, 0)), "00000000-0000-7000-8000-000000000000");
	const UnixMicros last =
	    static_cast<UnixMicros>(kUuidv7MaxUnixMillis) * kMicrosPerMilli + 999; // 10889-08-02 05:31:50.655999
	EXPECT_EQ(text_of(uuidv7_at(last, ~std::uint64_t{0})), "ffffffff-ffff-7ffb-bfff-ffffffffffff");
	std::string message, detail;
	for (const UnixMicros instant : {UnixMicros{-1}, last + 1, std::numeric_limits<std::int64_t>::min(),
	                                 std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { uuidv7_at(instant, 0); }, &message, &detail), ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for UUIDv7");
		EXPECT_EQ(detail,
		          "A UUIDv7 embeds Unix milliseconds in 48 bits, from 1970-01-01 to 10889-08-02 05:31:50.655+00.");
	}
}

TEST(Uuidv7Generator, TheFractionIsTheMicrosecondsScaledTo12BitsRoundedDown) {
	Uuidv7State state;
	for (const auto &[micros, fraction] : {std::pair{0, 0u}, {1, 4u}, {244, 999u}, {500, 2048u}, {999, 4091u}}) {
		state = {};
		const auto step = step_uuidv7(state, kRfcExample + micros, 0);
		ASSERT_EQ(step.status, StepStatus::Ready);
		EXPECT_EQ(static_cast<std::uint64_t>(step.id >> 64) & 0xFFF, fraction) << micros;
		EXPECT_EQ(uuidv7_unix_micros(step.id), kRfcExample) << micros; // never the next millisecond
	}
}

TEST(Uuidv7Generator, ManyIdsInOneInstantStrictlyIncreaseWithoutSleeping) {
	Uuidv7State state;
	Uint128 previous = 0;
	for (int i = 0; i < 10000; i++) {
		const auto step = step_uuidv7(state, kRfcExample, ~std::uint64_t{0} - static_cast<std::uint64_t>(i));
		ASSERT_EQ(step.status, StepStatus::Ready); // never Sleep
		ASSERT_GT(step.id, previous);               // even with ever smaller random bits
		previous = step.id;
	}
	// 10 000 ids in one microsecond run 10 000 / 4096 ms ahead of the clock, and no more.
	EXPECT_EQ(uuidv7_unix_micros(previous), kRfcExample + 2 * kMicrosPerMilli);
}

TEST(Uuidv7Generator, AClockSetBackNeverGivesASmallerOrRepeatedId) {
	Uuidv7State state;
	const Uint128 before = step_uuidv7(state, kRfcExample + 5 * kMicrosPerSecond, 0).id;
	const auto after = step_uuidv7(state, kRfcExample, 0); // an hour would do the same
	ASSERT_EQ(after.status, StepStatus::Ready);
	EXPECT_GT(after.id, before);
	EXPECT_EQ(uuidv7_unix_micros(after.id), kRfcExample + 5 * kMicrosPerSecond);
}

TEST(Uuidv7Generator, ClockOutsideTheRangeIsOutOfRangeAndLeavesTheState) {
	Uuidv7State state;
	EXPECT_EQ(step_uuidv7(state, -1, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_uuidv7(state, std::numeric_limits<std::int64_t>::max(), 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(state.last_time, 0u);
	state.last_time = kUuidv7MaxTime; // the very last id was made: nothing after it
	EXPECT_EQ(step_uuidv7(state, kRfcExample, 0).status, StepStatus::ClockOutOfRange);
}

} // namespace
} // namespace identities
