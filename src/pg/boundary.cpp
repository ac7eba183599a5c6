#include "pg/boundary.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace identities::pg {

int sqlstate_of(ErrorCode code) noexcept {
	const char *text = sqlstate(code); // core/error.hpp: the one table of them
	return MAKE_SQLSTATE(text[0], text[1], text[2], text[3], text[4]);
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
