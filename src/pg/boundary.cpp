#include "pg/boundary.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace identities::pg {

int sqlstate_of(ErrorCode code) noexcept {
	switch (code) {
	case ErrorCode::InvalidTextRepresentation:
		return ERRCODE_INVALID_TEXT_REPRESENTATION;
	case ErrorCode::InvalidBinaryRepresentation:
		return ERRCODE_INVALID_BINARY_REPRESENTATION;
	case ErrorCode::NumericValueOutOfRange:
		return ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
	case ErrorCode::DatetimeValueOutOfRange:
		return ERRCODE_DATETIME_VALUE_OUT_OF_RANGE;
	case ErrorCode::InvalidParameterValue:
		return ERRCODE_INVALID_PARAMETER_VALUE;
	case ErrorCode::ObjectNotInPrerequisiteState:
		return ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE;
	case ErrorCode::ConfigFileError:
		return ERRCODE_CONFIG_FILE_ERROR;
	case ErrorCode::Internal:
		break;
	}
	return ERRCODE_INTERNAL_ERROR;
}

void copy_message(char *out, std::size_t size, const char *text) noexcept {
	if (size == 0)
		return;
	// Cut on a character boundary of the server encoding: half a character would make the message
	// unconvertible to the client's encoding, and the error would surface as 22021 instead of its own code.
	const int length = pg_mbcliplen(text, static_cast<int>(strnlen(text, size * 4)), static_cast<int>(size - 1));
	memcpy(out, text, static_cast<std::size_t>(length));
	out[length] = '\0';
}

} // namespace identities::pg
