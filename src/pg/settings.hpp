// What every identities.* setting's hooks share. Each format defines its own settings in its glue file and
// _PG_init calls its define_*_settings() (pg/module.hpp).
#pragma once

#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/postgres.hpp"

#include <type_traits>

namespace identities::pg {

// Hands a check hook's parsed value to guc.c as the setting's `extra`, which guc.c owns and frees from then on.
template <typename Value> inline bool store_extra(const Value &value, void **extra) noexcept {
	static_assert(std::is_trivially_copyable_v<Value>);
	void *stored = guc_extra_alloc(sizeof(Value));
	if (stored == nullptr)
		return false;
	memcpy(stored, &value, sizeof(Value));
	*extra = stored;
	return true;
}

// Runs a core function in a hook, where an ereport is not allowed: a core Error becomes the hook's message.
template <typename Body> inline bool checked_in_hook(Body body) noexcept {
	char message[256] = "";
	char detail[512] = "";
	try {
		body();
		return true;
	} catch (const Error &error) {
		copy_message(message, sizeof message, error.what());
		copy_message(detail, sizeof detail, error.detail().c_str());
	} catch (...) {
		copy_message(message, sizeof message, "unexpected error");
	}
	GUC_check_errmsg("%s", message);
	if (detail[0] != '\0')
		GUC_check_errdetail("%s", detail);
	return false;
}

} // namespace identities::pg
