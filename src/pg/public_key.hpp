// identities.public_key and identities.public_key_file: the key of public ids.
#pragma once

#include "core/public_id.hpp"

namespace identities::pg {

// The cipher of the public-id key: identities.public_key when set, else the key in identities.public_key_file.
// Prepared once per key (again only after either setting changes or the server reloads its configuration).
// Throws 55000 when no key is configured, F0000 when the key file cannot be read or holds no valid key.
const PublicIdCipher &public_id_cipher();

} // namespace identities::pg
