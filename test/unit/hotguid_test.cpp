// HotGuid: the machine tag, the byte layout as Npgsql stores a .NET HotGuid (test/vectors/hotguid.tsv), the extractors,
// the 2^32-second wrap, and the generator's counter on a fake clock.
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/hotguid.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include <functional>
#include <limits>
#include <string>

namespace identities {
namespace {

using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr std::uint32_t kFixedSeconds = 1704067200; // 2024-01-01T00:00:00Z
constexpr UnixMicros kFixedTime = static_cast<UnixMicros>(kFixedSeconds) * kMicrosPerSecond;
constexpr std::uint8_t kDb01Pid0x1234[5] = {0x59, 0x20, 0x58, 0x12, 0x34}; // md5("db-01") = 592058..., pid 0x1234

std::string text_of(const std::uint8_t *bytes) { return format_uuid(bytes); }

std::string text_of(Uint128 id) {
	std::uint8_t bytes[kHotGuidSize];
	store_big_endian(id, bytes, kHotGuidSize);
	return format_uuid(bytes);
}

// A machine tag from its 10 hex digits.
struct MachinePid {
	std::uint8_t bytes[kHotGuidMachinePidSize] = {};
};

MachinePid machine_pid_of(const std::string &hex) {
	EXPECT_EQ(hex.size(), 2 * kHotGuidMachinePidSize) << hex;
	MachinePid machine_pid;
	for (std::size_t i = 0; i < kHotGuidMachinePidSize && 2 * i + 1 < hex.size(); i++)
		machine_pid.bytes[i] = static_cast<std::uint8_t>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
	return machine_pid;
}

// test/vectors/hotguid.tsv: three md5 bytes of the host's name, then the pid's low 16 bits (bits 16..23 folded into
// the third byte, the rest dropped).
TEST(HotGuid, MachinePidIsThreeMd5BytesOfTheNameThenThePid) {
	std::uint8_t machine_pid[kHotGuidMachinePidSize];
	for (const testing::VectorRow &row : testing::read_vectors("hotguid", "machine_pid")) {
		SCOPED_TRACE(testing::where("hotguid", row));
		make_hotguid_machine_pid(row["host"], static_cast<std::uint32_t>(std::stoul(row["pid"])), machine_pid);
		EXPECT_EQ(hex_lower(machine_pid, 5), row["machine_pid"]);
	}
	make_hotguid_machine_pid("", 0, machine_pid); // md5("") = d41d8cd9..., a host the vectors cannot hold
	EXPECT_EQ(hex_lower(machine_pid, 5), "d41d8c0000");
}

// test/vectors/hotguid.tsv: the seconds, the machine tag, the counter and the shard key in Npgsql's byte order.
TEST(HotGuid, ComposesTheNpgsqlByteOrder) {
	std::uint8_t bytes[kHotGuidSize];
	for (const testing::VectorRow &row : testing::read_vectors("hotguid", "compose")) {
		SCOPED_TRACE(testing::where("hotguid", row));
		const auto seconds = static_cast<std::uint32_t>(testing::unix_micros_of(row["timestamp"]) / kMicrosPerSecond);
		const auto shard_key = static_cast<std::uint32_t>(std::stoul(row["shard_key"]));
		const auto counter = static_cast<std::uint32_t>(std::stoul(row["counter"]));
		compose_hotguid(seconds, machine_pid_of(row["machine_pid"]).bytes, counter, shard_key, bytes);
		EXPECT_EQ(text_of(bytes), row["id"]);
		EXPECT_EQ(hotguid_unix_seconds(bytes), seconds);
		EXPECT_EQ(hotguid_shard_key(bytes), shard_key);
		EXPECT_EQ(hotguid_counter(bytes), counter);
	}
	// Table B.2 byte by byte: 4 = pid[1], 5 = pid[0], 6 = pid[3], 7 = pid[2], 8 = pid[4].
	const std::uint8_t one_to_five[5] = {1, 2, 3, 4, 5};
	compose_hotguid(kFixedSeconds, one_to_five, 0x123456, 0x11223344, bytes);
	EXPECT_EQ(bytes[4], 2);
	EXPECT_EQ(bytes[5], 1);
	EXPECT_EQ(bytes[6], 4);
	EXPECT_EQ(bytes[7], 3);
	EXPECT_EQ(bytes[8], 5);
	EXPECT_EQ(bytes[12], 0x44); // shard key LSB first
	EXPECT_EQ(bytes[15], 0x11);
}

TEST(HotGuid, CounterIsMaskedTo24Bits) {
	std::uint8_t bytes[kHotGuidSize];
	compose_hotguid(kFixedSeconds, kDb01Pid0x1234, 0xFFABCDEF, 0, bytes);
	EXPECT_EQ(text_of(bytes), "65920080-2059-1258-34ab-cdef00000000");
	EXPECT_EQ(hotguid_counter(bytes), 0xABCDEFu);
}

TEST(HotGuid, ExtractorsRoundTrip) {
	for (const std::uint32_t shard_key : {0u, 1u, 0x01020304u, 0x80000000u, 0xDEADBEEFu, 0xFFFFFFFFu}) {
		for (const std::uint32_t seconds : {0u, 1u, kFixedSeconds, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
			std::uint8_t bytes[kHotGuidSize];
			compose_hotguid(seconds, kDb01Pid0x1234, 0x123456, shard_key, bytes);
			ASSERT_EQ(hotguid_shard_key(bytes), shard_key);
			ASSERT_EQ(hotguid_unix_seconds(bytes), seconds);
			ASSERT_EQ(hotguid_counter(bytes), 0x123456u);
		}
	}
}

TEST(HotGuid, ShardKeyArgumentIsAnUnsigned32BitInteger) {
	EXPECT_EQ(checked_hotguid_shard_key(0), 0u);
	EXPECT_EQ(checked_hotguid_shard_key(4294967295LL), 0xFFFFFFFFu);
	for (const std::int64_t bad :
	     {std::int64_t{-1}, std::int64_t{4294967296LL}, std::numeric_limits<std::int64_t>::min(),
	      std::numeric_limits<std::int64_t>::max()}) {
		try {
			checked_hotguid_shard_key(bad);
			ADD_FAILURE() << bad;
		} catch (const Error &error) {
			EXPECT_EQ(error.code(), ErrorCode::NumericValueOutOfRange);
			EXPECT_EQ(std::string(error.what()), "shard_key " + std::to_string(bad) + " is out of range for hotguid");
			EXPECT_EQ(error.detail(), "The shard key of a hotguid must be from 0 to 4294967295.");
		}
	}
}

TEST(HotGuidGenerator, SeedsTheCounterBelow500000) {
	const HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 1234567);
	EXPECT_EQ(state.counter, 234567u);
	EXPECT_EQ(hex_lower(state.machine_pid, 5), "5920581234");
	EXPECT_EQ(make_hotguid_state(kDb01Pid0x1234, ~0ULL).counter, ~0ULL % 500000);
	EXPECT_LT(make_hotguid_state(kDb01Pid0x1234, ~0ULL).counter, kHotGuidCounterSeedLimit);
}

TEST(HotGuidGenerator, IncrementsBeforeUseAndLaysOutTheId) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0);
	state.counter = 0x0ABCDD;
	const auto first = step_hotguid(state, kFixedTime + 999999, 0xDEADBEEF); // seconds are floored
	ASSERT_EQ(first.status, StepStatus::Ready);
	EXPECT_EQ(text_of(first.id), "65920080-2059-1258-340a-bcdeefbeadde");
	const auto second = step_hotguid(state, kFixedTime + kMicrosPerSecond, 7);
	ASSERT_EQ(second.status, StepStatus::Ready);
	EXPECT_EQ(text_of(second.id), "65920081-2059-1258-340a-bcdf07000000");
	EXPECT_GT(second.id, first.id);
}

TEST(HotGuidGenerator, CounterWrapsAt24Bits) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0);
	state.counter = 0xFFFFFE;
	std::uint8_t bytes[kHotGuidSize];
	for (const std::uint32_t expected : {0xFFFFFFu, 0x000000u, 0x000001u}) {
		const auto step = step_hotguid(state, kFixedTime, 0);
		ASSERT_EQ(step.status, StepStatus::Ready);
		store_big_endian(step.id, bytes, kHotGuidSize);
		EXPECT_EQ(hotguid_counter(bytes), expected);
	}
	state.counter = 0xFFFFFFFF; // the reference's int wraps too; the masked value goes on from 0
	const auto step = step_hotguid(state, kFixedTime + kMicrosPerSecond, 0);
	store_big_endian(step.id, bytes, kHotGuidSize);
	EXPECT_EQ(hotguid_counter(bytes), 0u);
}

// The reference's 32-bit seconds would wrap on 2106-02-07 and repeat 1970's ids: we refuse instead.
TEST(HotGuidGenerator, RefusesPastThe32BitSecondsInsteadOfWrapping) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0);
	constexpr UnixMicros kWrap = (std::int64_t{1} << 32) * kMicrosPerSecond; // 2106-02-07T06:28:16Z
	std::uint8_t bytes[kHotGuidSize];
	auto step = step_hotguid(state, kWrap - 1, 0);
	ASSERT_EQ(step.status, StepStatus::Ready);
	store_big_endian(step.id, bytes, kHotGuidSize);
	EXPECT_EQ(hotguid_unix_seconds(bytes), 0xFFFFFFFFu);
	EXPECT_EQ(step_hotguid(state, kWrap, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_hotguid(state, kWrap + 5 * kMicrosPerSecond, 0).status, StepStatus::ClockOutOfRange);
	// The last second's counter exhausted with the clock behind: no later second to move on to.
	state.first_counter_of_second = (state.counter + 1) & kHotGuidCounterMask;
	EXPECT_EQ(step_hotguid(state, kWrap - kMicrosPerSecond - 1, 0).status, StepStatus::ClockOutOfRange);
}

TEST(HotGuidGenerator, ClockBefore1970IsOutOfRange) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0);
	EXPECT_EQ(step_hotguid(state, -1, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_hotguid(state, std::numeric_limits<std::int64_t>::min(), 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(state.counter, 0u); // nothing was spent
	EXPECT_EQ(step_hotguid(state, 0, 0).status, StepStatus::Ready);
	EXPECT_EQ(step_hotguid(state, std::numeric_limits<std::int64_t>::max(), 0).status, StepStatus::ClockOutOfRange);
}

// 2^24 ids in one second use every counter value once; the next waits for the second to change.
// A state that replaces a lost one with the same tag starts at the next second, whatever counter it drew.
TEST(HotGuidGenerator, AReplacementStateStartsAtTheNextSecond) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 42);
	skip_current_second(state, kFixedTime + 300 * kMs);
	const auto waits = step_hotguid(state, kFixedTime + 300 * kMs, 9);
	ASSERT_EQ(waits.status, StepStatus::Sleep);
	EXPECT_EQ(waits.sleep_micros, 700 * kMs);
	const auto next = step_hotguid(state, kFixedTime + kMicrosPerSecond, 9);
	ASSERT_EQ(next.status, StepStatus::Ready);
	std::uint8_t bytes[16];
	store_big_endian(next.id, bytes, 16);
	EXPECT_EQ(hotguid_unix_seconds(bytes), static_cast<std::uint32_t>(kFixedTime / kMicrosPerSecond) + 1);
}

TEST(HotGuidGenerator, WaitsRatherThanRepeatAnIdWithinOneSecond) {
	StandingClock clock{kFixedTime};
	clock.now = kFixedTime + 998 * kMs;
	testing::FakeClockGenerator<HotGuidState> generator;
	generator.state = make_hotguid_state(kDb01Pid0x1234, 499999);
	generator.clock = [&clock] { return clock.now; };
	generator.sleep = [&clock](std::int64_t) { clock.now += kMs; };
	auto create = [&] {
		const auto step =
		    generator.run([](HotGuidState &state, UnixMicros now) { return step_hotguid(state, now, 9); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	};
	auto counter_of = [](Uint128 id) { return static_cast<std::uint32_t>(id >> 32) & kHotGuidCounterMask; };
	const Uint128 first = create();
	const std::uint32_t first_counter = counter_of(first);
	EXPECT_EQ(first_counter, 500000u);
	Uint128 previous = first;
	std::uint32_t made = 1;
	for (; made < (1u << 24); made++) { // the step itself, and plain checks, for speed: the clock stands still
		const auto step = step_hotguid(generator.state, clock.now, 9);
		const std::uint32_t counter = counter_of(step.id);
		if (step.status != StepStatus::Ready || counter != ((first_counter + made) & kHotGuidCounterMask) ||
		    static_cast<std::uint32_t>(step.id >> 96) != kFixedSeconds || (counter != 0 && step.id <= previous))
			break; // string order follows the counter until it wraps to 0
		previous = step.id;
	}
	EXPECT_EQ(made, 1u << 24);
	EXPECT_EQ(generator.sleeps, 0);
	const Uint128 next = create(); // would repeat the first id's counter within the same second
	EXPECT_EQ(generator.sleeps, 2);
	EXPECT_EQ(static_cast<std::uint32_t>(next >> 96), kFixedSeconds + 1);
	EXPECT_EQ(counter_of(next), first_counter); // the same counter, in a new second: a new id
	create();
	EXPECT_EQ(generator.sleeps, 2);
}

TEST(HotGuidGenerator, ANewSecondRestartsTheWrapGuardButNotTheCounter) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 100);
	ASSERT_EQ(step_hotguid(state, kFixedTime, 0).status, StepStatus::Ready); // counter 101 starts the second
	state.counter = 101 + (1u << 24) - 1; // as if 2^24 - 1 more ids were made this second
	EXPECT_EQ(step_hotguid(state, kFixedTime + 999999, 0).status, StepStatus::Sleep);
	const auto next_second = step_hotguid(state, kFixedTime + kMicrosPerSecond, 0);
	ASSERT_EQ(next_second.status, StepStatus::Ready);
	std::uint8_t bytes[kHotGuidSize];
	store_big_endian(next_second.id, bytes, kHotGuidSize);
	EXPECT_EQ(hotguid_counter(bytes), 101u);
	EXPECT_EQ(hotguid_counter(bytes), state.counter & kHotGuidCounterMask);
	EXPECT_EQ(step_hotguid(state, kFixedTime + kMicrosPerSecond, 0).status, StepStatus::Ready); // 102
	// A clock set back to an earlier second does not take the generator back there: it stays in the current one.
	EXPECT_EQ(step_hotguid(state, kFixedTime, 0).status, StepStatus::Ready);
	EXPECT_EQ(state.current_second, static_cast<std::int64_t>(kFixedSeconds) + 1);
}

// The review's sequence: 1 id at second S, 2^24 - 1 at S+1, then the clock back to S + 0.5 s. The reference (and
// our first version) forgot S+1's counters on leaving it and repeated S's first id; now no id repeats.
TEST(HotGuidGenerator, NeverRepeatsAnIdAfterTheClockGoesBack) {
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0x030405);
	std::map<std::uint32_t, std::vector<bool>> used; // per second, per counter (tag and shard are fixed here)
	int repeats = 0;
	auto make = [&](UnixMicros now) {
		const auto step = step_hotguid(state, now, 7);
		ASSERT_EQ(step.status, StepStatus::Ready);
		std::uint8_t bytes[kHotGuidSize];
		store_big_endian(step.id, bytes, kHotGuidSize);
		auto &counters = used[hotguid_unix_seconds(bytes)];
		counters.resize(1u << 24);
		if (counters[hotguid_counter(bytes)])
			repeats++;
		counters[hotguid_counter(bytes)] = true;
	};
	make(kFixedTime);
	for (std::uint32_t i = 0; i < (1u << 24) - 1; i++)
		make(kFixedTime + kMicrosPerSecond);
	for (int i = 0; i < 1000; i++)
		make(kFixedTime + kMicrosPerSecond / 2); // the clock went back: ids go on in S+1, then S+2
	EXPECT_EQ(repeats, 0);
	EXPECT_EQ(state.current_second, static_cast<std::int64_t>(kFixedSeconds) + 2);
}

// Without preloading every backend has its own tag: pids that agree in their low 16 bits (4464 and 70000, as
// on hosts with pid_max above 65536) no longer share one, so counters 10 apart cannot meet.
TEST(HotGuidGenerator, BackendsWhosePidsAgreeInTheirLow16BitsNeverCollide) {
	std::uint8_t tag_a[kHotGuidMachinePidSize];
	std::uint8_t tag_b[kHotGuidMachinePidSize];
	make_hotguid_machine_pid("db-01", 4464, tag_a);
	make_hotguid_machine_pid("db-01", 70000, tag_b);
	EXPECT_NE(hex_lower(tag_a, 5), hex_lower(tag_b, 5));
	HotGuidState a = make_hotguid_state(tag_a, 0);
	HotGuidState b = make_hotguid_state(tag_b, 10);
	std::set<Uint128> made;
	for (int i = 0; i < 100; i++) {
		EXPECT_TRUE(made.insert(step_hotguid(a, kFixedTime, 3).id).second);
		EXPECT_TRUE(made.insert(step_hotguid(b, kFixedTime, 3).id).second);
	}
	// Every pid below 2^24 gets its own tag.
	std::set<std::string> tags;
	for (std::uint32_t pid = 0; pid < (1u << 24); pid += 4099) {
		make_hotguid_machine_pid("db-01", pid, tag_a);
		EXPECT_TRUE(tags.insert(hex_lower(tag_a, 5)).second) << pid;
	}
}

// The boundary is the smallest HotGuid of the second at or after the instant: its second rounded up, the rest 0.
TEST(HotGuidBoundary, IsTheSmallestHotGuidAtOrAfterTheInstant) {
	std::uint8_t bytes[16];
	store_big_endian(hotguid_boundary(1'700'000'000 * kMicrosPerSecond), bytes, 16);
	EXPECT_EQ(hotguid_unix_seconds(bytes), 1'700'000'000u);
	store_big_endian(hotguid_boundary(1'700'000'000 * kMicrosPerSecond + 1), bytes, 16);
	EXPECT_EQ(hotguid_unix_seconds(bytes), 1'700'000'001u);
	EXPECT_EQ(hotguid_boundary(1'700'000'000 * kMicrosPerSecond) & ((Uint128{1} << 96) - 1), 0u);
	EXPECT_EQ(hotguid_boundary(-5), 0u);
	EXPECT_EQ(hotguid_boundary(std::int64_t{UINT32_MAX} * kMicrosPerSecond), Uint128{UINT32_MAX} << 96);
	EXPECT_THROW(hotguid_boundary(std::int64_t{UINT32_MAX} * kMicrosPerSecond + 1), Error);
}

// hotguid_generate_at: the instant's second (rounded down), the machine tag, the caller's counter and the shard key,
// in the bytes step_hotguid lays out.
TEST(HotGuidAt, EmbedsTheInstantsSecondTheTagTheCounterAndTheShardKey) {
	const Uint128 id = hotguid_at(kFixedTime + 999999, kDb01Pid0x1234, 0xABCDEF, 0x11223344);
	EXPECT_EQ(text_of(id), "65920080-2059-1258-34ab-cdef44332211");
	std::uint8_t bytes[kHotGuidSize];
	store_big_endian(id, bytes, kHotGuidSize);
	EXPECT_EQ(hotguid_unix_seconds(bytes), kFixedSeconds);
	EXPECT_EQ(hotguid_counter(bytes), 0xABCDEFu);
	EXPECT_EQ(hotguid_shard_key(bytes), 0x11223344u);
	EXPECT_EQ(text_of(hotguid_at(kFixedTime - 1, kDb01Pid0x1234, 0, 0)), "6592007f-2059-1258-3400-000000000000");
	// The same bytes as the generator's for that second and counter.
	HotGuidState state = make_hotguid_state(kDb01Pid0x1234, 0);
	state.counter = 0xABCDEE; // incremented before use
	EXPECT_EQ(step_hotguid(state, kFixedTime, 0x11223344).id, id);
}

TEST(HotGuidAt, RangeIsThe32BitsOfUnixSeconds) {
	EXPECT_EQ(text_of(hotguid_at(0, kDb01Pid0x1234, 1, 2)), "00000000-2059-1258-3400-000102000000");
	const UnixMicros last = kHotGuidMaxUnixSeconds * kMicrosPerSecond + 999999; // 2106-02-07 06:28:15.999999+00
	EXPECT_EQ(text_of(hotguid_at(last, kDb01Pid0x1234, 0xFFFFFF, 0xFFFFFFFF)), "ffffffff-2059-1258-34ff-ffffffffffff");
	std::string message, detail;
	for (const UnixMicros instant : {UnixMicros{-1}, last + 1, std::numeric_limits<std::int64_t>::min(),
	                                 std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { hotguid_at(instant, kDb01Pid0x1234, 0, 0); }, &message, &detail),
		          ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for HotGuid");
		EXPECT_EQ(detail, "A HotGuid embeds Unix seconds in 32 bits, from 1970-01-01 to 2106-02-07 06:28:15+00.");
	}
}

TEST(HotGuidAt, CounterArgumentIs24Bits) {
	EXPECT_EQ(checked_hotguid_counter(0), 0u);
	EXPECT_EQ(checked_hotguid_counter(16777215), 0xFFFFFFu);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_hotguid_counter(16777216); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "counter 16777216 is out of range for hotguid");
	EXPECT_EQ(detail, "The counter of a hotguid must be from 0 to 16777215.");
	for (const std::int64_t bad :
	     {std::int64_t{-1}, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()})
		EXPECT_EQ(error_code_of([&] { checked_hotguid_counter(bad); }), ErrorCode::NumericValueOutOfRange) << bad;
}

} // namespace
} // namespace identities
