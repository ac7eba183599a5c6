#include "core/random.hpp"

#include "core/error.hpp"

#include <cstring>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <pthread.h>

namespace identities {
namespace {

constexpr std::size_t kBufferSize = 4096;

struct RandomBuffer {
	std::uint8_t bytes[kBufferSize];
	std::size_t position = kBufferSize; // empty until first use
};

RandomBuffer buffer;

// Runs in the child after fork(): forget (and wipe) what the parent had drawn but not used.
void discard_after_fork() {
	OPENSSL_cleanse(buffer.bytes, sizeof buffer.bytes);
	buffer.position = kBufferSize;
}

const int fork_handler_registered = pthread_atfork(nullptr, nullptr, discard_after_fork);

void refill() {
	if (RAND_bytes(buffer.bytes, static_cast<int>(kBufferSize)) != 1)
		throw Error(ErrorCode::Internal, "could not generate random bytes");
	buffer.position = 0;
}

} // namespace

void random_bytes(std::uint8_t *out, std::size_t length) {
	if (fork_handler_registered != 0)
		throw Error(ErrorCode::Internal, "could not register the random buffer's fork handler");
	while (length > 0) {
		if (buffer.position == kBufferSize)
			refill();
		std::size_t take = kBufferSize - buffer.position;
		if (take > length)
			take = length;
		std::memcpy(out, buffer.bytes + buffer.position, take);
		std::memset(buffer.bytes + buffer.position, 0, take); // a byte is handed out once
		buffer.position += take;
		out += take;
		length -= take;
	}
}

std::uint64_t random_u64() {
	std::uint8_t bytes[8];
	random_bytes(bytes, sizeof bytes);
	std::uint64_t value = 0;
	for (int i = 7; i >= 0; i--)
		value = (value << 8) | bytes[i];
	return value;
}

} // namespace identities
