// The ErrorCode (and, when asked, the message, detail and hint) of the identities::Error an action throws.
#pragma once

#include "core/error.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace identities::testing {

inline ErrorCode error_code_of(const std::function<void()> &action, std::string *message = nullptr,
                               std::string *detail = nullptr, std::string *hint = nullptr) {
	try {
		action();
	} catch (const Error &error) {
		if (message)
			*message = error.what();
		if (detail)
			*detail = error.detail();
		if (hint)
			*hint = error.hint();
		return error.code();
	}
	ADD_FAILURE() << "no error thrown";
	return ErrorCode::Internal;
}

} // namespace identities::testing
