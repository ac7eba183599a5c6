// The keys of public ids: identities.public_key (or its file), which makes and reads them, and
// identities.public_key_previous (or its file), the key of a rotation that only reads them.
#pragma once

#include "core/public_id.hpp"

#include <optional>
#include <string>

namespace identities::pg {

// The cipher of the current key: identities.public_key when set, else the key in identities.public_key_file.
// Prepared once per key (again only after either setting changes or the server reloads its configuration).
// Throws 55000 when no key is configured, F0000 when the key file cannot be read or holds no valid key.
const PublicIdCipher &public_id_cipher();

// The ciphers public ids are read under, current first; previous is null when no previous key is configured.
// Throws as public_id_cipher, F0000 for the previous key's file, and 22023 when both keys are the same key.
struct PublicIdCiphers {
	const PublicIdCipher *current;
	const PublicIdCipher *previous;
};
PublicIdCiphers public_id_ciphers();

// The fingerprint of the current (or previous) key (public_id_key_fingerprint), or nullopt when it is not configured.
// Throws F0000 when its file cannot be read or holds no valid key.
std::optional<std::string> public_key_fingerprint(bool previous);

} // namespace identities::pg
