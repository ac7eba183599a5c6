#include "pg/boundary.hpp"

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
	strlcpy(out, text, size);
}

} // namespace identities::pg
