// Cryptographically secure random bytes from OpenSSL, buffered per process.
//
// One RAND_bytes call costs about as much for 4 KiB as for 16 bytes, so the buffer turns a
// microsecond per id into a few nanoseconds. A forked child starts with an empty, wiped buffer,
// so two processes are never handed the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace identities {

// Fills out[0..length) with CSPRNG bytes. Throws Error(Internal) if OpenSSL fails.
void random_bytes(std::uint8_t *out, std::size_t length);

// Eight CSPRNG bytes as an integer (in the machine's byte order: every bit is random either way).
std::uint64_t random_u64();

} // namespace identities
