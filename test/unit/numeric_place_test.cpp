// Where a numeric stands among the ids 0 ... max: the comparison of distributedid and siq with a driver's numeric
// parameter must say what `id::numeric op n` says, for every kind of numeric_out text.
#include "core/uint128.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace identities {
namespace {

constexpr Uint128 kMax = pow10_u128(28) - 1;
const std::string kMaxText = "9999999999999999999999999999";

// numeric's order between an integer and a small numeric written as a number of tenths: the oracle.
int numeric_order(Uint128 value, long tenths) {
	if (tenths < 0)
		return 1;
	const Uint128 scaled = value * 10;
	return (scaled > static_cast<Uint128>(tenths)) - (scaled < static_cast<Uint128>(tenths));
}

std::string tenths_text(long tenths) {
	const std::string sign = tenths < 0 ? "-" : "";
	const long magnitude = tenths < 0 ? -tenths : tenths;
	return sign + std::to_string(magnitude / 10) + "." + std::to_string(magnitude % 10);
}

TEST(NumericPlace, SmallValuesOrderAsNumericDoes) {
	for (long tenths = -35; tenths <= 35; tenths++)
		for (unsigned value = 0; value <= 4; value++)
			EXPECT_EQ(compare_with_numeric(value, place_numeric(tenths_text(tenths), kMax)), numeric_order(value, tenths))
			    << value << " vs " << tenths_text(tenths);
}

TEST(NumericPlace, IntegralTextsAreExact) {
	for (const char *text : {"0", "7", "7.000", "0.0"}) {
		const NumericPlace place = place_numeric(text, kMax);
		EXPECT_EQ(place.kind, NumericPlace::Kind::Exact) << text;
	}
	EXPECT_EQ(place_numeric("7.000", kMax).floor, 7u);
	EXPECT_EQ(place_numeric(kMaxText, kMax).floor, kMax);
	EXPECT_EQ(compare_with_numeric(kMax, place_numeric(kMaxText, kMax)), 0);
}

TEST(NumericPlace, NegativeZeroIsZero) {
	EXPECT_EQ(compare_with_numeric(0, place_numeric("-0", kMax)), 0);
	EXPECT_EQ(compare_with_numeric(0, place_numeric("-0.000", kMax)), 0);
	EXPECT_EQ(compare_with_numeric(0, place_numeric("-0.001", kMax)), 1);
}

TEST(NumericPlace, BeyondTheRange) {
	// Every id sorts before max + 1, before max + 0.5, before a 60-digit number, Infinity and NaN (numeric sorts
	// NaN above every number) ...
	for (const std::string &text : {std::string("10000000000000000000000000000"), kMaxText + ".5",
	                                std::string(60, '9'), std::string("Infinity"), std::string("NaN")}) {
		EXPECT_EQ(compare_with_numeric(kMax, place_numeric(text, kMax)), -1) << text;
		EXPECT_EQ(compare_with_numeric(0, place_numeric(text, kMax)), -1) << text;
	}
	// ... and after every negative number and -Infinity.
	for (const std::string &text : {std::string("-1"), std::string("-") + std::string(60, '9'),
	                                std::string("-Infinity"), std::string("-0.5")}) {
		EXPECT_EQ(compare_with_numeric(0, place_numeric(text, kMax)), 1) << text;
		EXPECT_EQ(compare_with_numeric(kMax, place_numeric(text, kMax)), 1) << text;
	}
}

TEST(NumericPlace, FractionsJustBelowMax) {
	const NumericPlace place = place_numeric("9999999999999999999999999998.9999", kMax);
	EXPECT_EQ(compare_with_numeric(kMax - 1, place), -1);
	EXPECT_EQ(compare_with_numeric(kMax, place), 1);
}

TEST(NumericPlace, TheRangeIsTheTypes) {
	const Uint128 siq_max = (static_cast<Uint128>(1) << 112) - 1;
	const std::string siq_max_text = "5192296858534827628530496329220095";
	EXPECT_EQ(compare_with_numeric(siq_max, place_numeric(siq_max_text, siq_max)), 0);
	EXPECT_EQ(compare_with_numeric(siq_max, place_numeric("5192296858534827628530496329220096", siq_max)), -1);
}

} // namespace
} // namespace identities
