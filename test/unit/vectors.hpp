// The known-answer vectors of test/vectors/NAME.tsv (test/vectors/README.md): comment lines (#), one header line of
// tab-separated column names, then one tab-separated row per case; an empty field means none.
#pragma once

#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/instant.hpp"
#include "core/uint128.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef IDENTITIES_VECTORS_DIR
#error "IDENTITIES_VECTORS_DIR (test/vectors of the source tree) must be defined by the build"
#endif

namespace identities::testing {

// One case: column name -> field. at() of a column the file lacks throws, so a misspelt name fails the test.
struct VectorRow {
	std::map<std::string, std::string> fields;
	int line = 0;

	const std::string &operator[](const std::string &column) const {
		const auto found = fields.find(column);
		if (found == fields.end())
			throw std::out_of_range("no column \"" + column + "\" in the vectors");
		return found->second;
	}
	bool empty(const std::string &column) const { return (*this)[column].empty(); }
};

inline std::vector<std::string> split_tabs(const std::string &line) {
	std::vector<std::string> fields;
	std::string::size_type start = 0;
	for (;;) {
		const auto tab = line.find('\t', start);
		fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
		if (tab == std::string::npos)
			return fields;
		start = tab + 1;
	}
}

// Every row of test/vectors/NAME.tsv, or, when kind is given, those whose kind column is kind. A file that is
// missing, malformed or without such rows fails the calling test.
inline std::vector<VectorRow> read_vectors(const std::string &name, const std::string &kind = "") {
	const std::string path = std::string(IDENTITIES_VECTORS_DIR) + "/" + name + ".tsv";
	std::ifstream file(path);
	std::vector<VectorRow> rows;
	if (!file) {
		ADD_FAILURE() << "cannot read " << path;
		return rows;
	}
	std::vector<std::string> header;
	std::string line;
	for (int number = 1; std::getline(file, line); number++) {
		if (line.empty() || line[0] == '#')
			continue;
		std::vector<std::string> fields = split_tabs(line);
		if (header.empty()) {
			header = std::move(fields);
			continue;
		}
		if (fields.size() != header.size()) {
			ADD_FAILURE() << path << ":" << number << ": " << fields.size() << " fields, the header has "
			              << header.size();
			continue;
		}
		VectorRow row;
		row.line = number;
		for (std::size_t i = 0; i < header.size(); i++)
			row.fields[header[i]] = fields[i];
		if (kind.empty() || row["kind"] == kind)
			rows.push_back(std::move(row));
	}
	if (rows.empty())
		ADD_FAILURE() << path << ": no rows" << (kind.empty() ? "" : " of kind " + kind);
	return rows;
}

// Microseconds since 1970-01-01Z of a vectors' timestamp, YYYY-MM-DDTHH:MM:SS[.ffffff]Z (years of 4 or more digits,
// which core's parse_absolute_instant, 4 digits, does not read).
inline std::int64_t unix_micros_of(const std::string &text) {
	int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
	int consumed = 0;
	if (std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%d%n", &year, &month, &day, &hour, &minute, &second, &consumed) != 6)
		throw std::invalid_argument("not a vectors timestamp: " + text);
	std::int64_t micros = 0;
	std::size_t at = static_cast<std::size_t>(consumed);
	if (at < text.size() && text[at] == '.') {
		std::string fraction;
		while (++at < text.size() && text[at] >= '0' && text[at] <= '9')
			fraction += text[at];
		if (fraction.empty() || fraction.size() > 6)
			throw std::invalid_argument("not a vectors timestamp: " + text);
		micros = std::stoll(fraction + std::string(6 - fraction.size(), '0'));
	}
	if (text.substr(at) != "Z")
		throw std::invalid_argument("not a vectors timestamp: " + text);
	const std::int64_t days = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
	return ((days * 24 + hour) * 60 + minute) * 60 * 1000000 + second * std::int64_t{1000000} + micros;
}

// A vectors' decimal integer of up to 128 bits (a failure, and 0, when it is none).
inline Uint128 uint128_of(const std::string &digits) {
	Uint128 value = 0;
	EXPECT_EQ(parse_decimal(digits, kUint128Max, value), ParseStatus::Ok) << '"' << digits << '"';
	return value;
}

// A vectors' uuid as the big-endian integer of its bytes.
inline Uint128 uuid_of(const std::string &text) {
	Uint128 value = 0;
	EXPECT_TRUE(parse_uuid_text(text, value)) << '"' << text << '"';
	return value;
}

inline std::string decimal_of(Uint128 value) {
	char digits[kDecimalBufferSize];
	format_decimal(value, digits);
	return digits;
}

inline std::string uuid_text_of(Uint128 value) {
	std::uint8_t bytes[16];
	store_big_endian(value, bytes, sizeof bytes);
	return format_uuid(bytes);
}

// Names a row in a failure message: "NAME.tsv:LINE".
inline std::string where(const std::string &name, const VectorRow &row) {
	return name + ".tsv:" + std::to_string(row.line);
}

} // namespace identities::testing
