// Typed errors thrown by the core; the PostgreSQL glue turns each into an ereport with its SQLSTATE.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace identities {

enum class ErrorCode {
	InvalidTextRepresentation,
	InvalidBinaryRepresentation,
	NumericValueOutOfRange,
	DatetimeValueOutOfRange,
	InvalidParameterValue,
	ObjectNotInPrerequisiteState,
	ConfigFileError,
	Internal,
};

// The SQLSTATE of each ErrorCode: the glue reports errors with it, and sql/expand.awk reads these lines for the
// portable edition's RAISEs (one case per line).
constexpr const char *sqlstate(ErrorCode code) noexcept {
	switch (code) {
	case ErrorCode::InvalidTextRepresentation: return "22P02";
	case ErrorCode::InvalidBinaryRepresentation: return "22P03";
	case ErrorCode::NumericValueOutOfRange: return "22003";
	case ErrorCode::DatetimeValueOutOfRange: return "22008";
	case ErrorCode::InvalidParameterValue: return "22023";
	case ErrorCode::ObjectNotInPrerequisiteState: return "55000";
	case ErrorCode::ConfigFileError: return "F0000";
	case ErrorCode::Internal: return "XX000";
	}
	return "XX000";
}

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

// The errors both editions raise (messages.def): Message::NAME, and the error it makes of its arguments.
enum class Message {
#define IDENTITIES_MESSAGE(name, code, message, detail, hint) name,
#include "messages.def"
#undef IDENTITIES_MESSAGE
};

// The text with each %N (N from 1 to 9) replaced by the Nth argument.
inline std::string filled_in(const char *text, std::initializer_list<std::string> arguments) {
	std::string filled;
	for (const char *at = text; *at; at++) {
		const std::size_t position = static_cast<std::size_t>(at[1] - '1');
		if (at[0] == '%' && at[1] >= '1' && at[1] <= '9' && position < arguments.size()) {
			filled += arguments.begin()[position];
			at++;
		} else {
			filled += *at;
		}
	}
	return filled;
}

inline Error message_error(Message message, std::initializer_list<std::string> arguments = {}) {
	struct Text {
		ErrorCode code;
		const char *message, *detail, *hint;
	};
	static constexpr Text kTexts[] = {
#define IDENTITIES_MESSAGE(name, code, message, detail, hint) {ErrorCode::code, message, detail, hint},
#include "messages.def"
#undef IDENTITIES_MESSAGE
	};
	const Text &text = kTexts[static_cast<std::size_t>(message)];
	return Error(text.code, filled_in(text.message, arguments), filled_in(text.detail, arguments),
	             filled_in(text.hint, arguments));
}

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
