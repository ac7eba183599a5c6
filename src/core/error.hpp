// Typed errors thrown by the core; the PostgreSQL glue turns each into an ereport with its SQLSTATE.
#pragma once

#include <stdexcept>
#include <string>

namespace identities {

enum class ErrorCode {
	InvalidTextRepresentation,    // 22P02
	InvalidBinaryRepresentation,  // 22P03
	NumericValueOutOfRange,       // 22003
	DatetimeValueOutOfRange,      // 22008
	InvalidParameterValue,        // 22023
	ObjectNotInPrerequisiteState, // 55000
	ConfigFileError,              // F0000
	Internal,                     // XX000
};

class Error : public std::runtime_error {
public:
	Error(ErrorCode code, const std::string &message, std::string detail = {}, std::string hint = {})
	    : std::runtime_error(message), code_(code), detail_(std::move(detail)), hint_(std::move(hint)) {
	}

	ErrorCode code() const noexcept {
		return code_;
	}
	const std::string &detail() const noexcept {
		return detail_;
	}
	const std::string &hint() const noexcept {
		return hint_;
	}

private:
	ErrorCode code_;
	std::string detail_;
	std::string hint_;
};

// The PostgreSQL way of quoting offending input in a message: type name, then the text in double quotes.
inline Error invalid_text(const char *type_name, const std::string &text) {
	return Error(ErrorCode::InvalidTextRepresentation,
	             std::string("invalid input syntax for type ") + type_name + ": \"" + text + "\"");
}

inline Error out_of_range(const char *type_name, const std::string &text, std::string detail = {}) {
	return Error(ErrorCode::NumericValueOutOfRange,
	             std::string("value \"") + text + "\" is out of range for type " + type_name, std::move(detail));
}

} // namespace identities
