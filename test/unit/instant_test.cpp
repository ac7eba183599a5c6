// Absolute instants as text: what the Snowflake epoch setting accepts, and everything it must refuse
// because its meaning would depend on the session (no zone, zone names, 'now') or is no date at all.
#include "core/instant.hpp"

#include <gtest/gtest.h>

namespace identities {
namespace {

constexpr UnixMicros kDiscordEpoch = 1420070400000LL * kMicrosPerMilli; // 2015-01-01T00:00:00Z

TEST(AbsoluteInstant, AcceptsIsoFormsWithZoneOrOffset) {
	for (const char *text : {"2015-01-01 00:00:00+00", "2015-01-01T00:00:00Z", "2015-01-01t00:00:00z",
	                         "2015-01-01 00:00:00 UTC", "2015-01-01 00:00:00 +00:00", "2015-01-01 00:00+0000",
	                         "  2015-01-01Z  ", "2015-01-01 +00", "2015-01-01 09:00:00+09", "2014-12-31 19:00:00-05:00",
	                         "2015-01-01 05:30:00+05:30", "2015-01-01 00:00:00.000000Z"})
		EXPECT_EQ(parse_absolute_instant(text), kDiscordEpoch) << text;
}

TEST(AbsoluteInstant, KeepsFractionsAndCountsDaysExactly) {
	EXPECT_EQ(parse_absolute_instant("2015-01-01 00:00:00.5Z"), kDiscordEpoch + 500000);
	EXPECT_EQ(parse_absolute_instant("2015-01-01 00:00:00.000123Z"), kDiscordEpoch + 123);
	EXPECT_EQ(parse_absolute_instant("1970-01-01Z"), 0);
	EXPECT_EQ(parse_absolute_instant("1969-12-31 23:59:59Z"), -kMicrosPerSecond);
	EXPECT_EQ(parse_absolute_instant("2000-02-29Z"), 951782400LL * kMicrosPerSecond);
	EXPECT_EQ(parse_absolute_instant("2024-03-01Z"), 1709251200LL * kMicrosPerSecond);
	EXPECT_EQ(parse_absolute_instant("0001-01-01Z"), -62135596800LL * kMicrosPerSecond);
	EXPECT_EQ(parse_absolute_instant("9999-12-31 23:59:59Z"), 253402300799LL * kMicrosPerSecond);
}

TEST(AbsoluteInstant, RefusesWhatDependsOnTheSessionOrIsNoInstant) {
	for (const char *text :
	     {"", "now", "today", "epoch", "2015-01-01", "2015-01-01 00:00:00", "2015-01-01 00:00:00 Europe/London",
	      "2015-01-01 00:00:00 Europe/Lodnon", "2015-01-01 00:00:00 CET", "2015-01-01 00:00:00 PST", "2015-02-29Z",
	      "1900-02-29Z", "2015-13-01Z", "2015-00-01Z", "2015-01-32Z", "0000-01-01Z", "2015-01-01 24:00:00Z",
	      "2015-01-01 23:60:00Z", "2015-01-01 23:59:60Z", "2015-01-01 00:00:00.Z", "2015-01-01 00:00:00.1234567Z",
	      "2015-01-01 00:00:00+16", "2015-01-01 00:00:00+05:60", "2015-01-01 00:00:00+5", "2015-01-01T+00",
	      "2015-1-01Z", "15-01-01Z", "2015-01-01 00Z", "2015-01-01 00:00:00Z junk", "2015-01-01 00:00:00ZZ",
	      "+2015-01-01Z", "2015/01/01Z", "January 1, 2015 UTC"})
		EXPECT_FALSE(parse_absolute_instant(text).has_value()) << text;
}

} // namespace
} // namespace identities
