#include "core/random.hpp"

#include "core/error.hpp"

#include <cstring>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <pthread.h>

namespace identities {
namespace {

constexpr std::size_t kBufferWords = 512; // 4 KiB: one RAND_bytes call per 512 draws of 8 bytes

struct RandomBuffer {
	std::uint64_t words[kBufferWords];
	std::size_t next = kBufferWords; // index of the next unused word; empty until first use
};

RandomBuffer buffer;

// Runs in the child after fork(): forget (and wipe) what the parent had drawn but not used.
void discard_after_fork() {
	OPENSSL_cleanse(buffer.words, sizeof buffer.words);
	buffer.next = kBufferWords;
}

const int fork_handler_registered = pthread_atfork(nullptr, nullptr, discard_after_fork);

void refill() {
	if (fork_handler_registered != 0)
		throw Error(ErrorCode::Internal, "could not register the random buffer's fork handler");
	if (RAND_bytes(reinterpret_cast<unsigned char *>(buffer.words), static_cast<int>(sizeof buffer.words)) != 1)
		throw Error(ErrorCode::Internal, "could not generate random bytes");
	buffer.next = 0;
}

// Hands out each buffered word once, wiping it as it goes.
std::uint64_t take_word() {
	if (buffer.next == kBufferWords)
		refill();
	const std::uint64_t word = buffer.words[buffer.next];
	buffer.words[buffer.next++] = 0;
	return word;
}

} // namespace

std::uint64_t random_u64() {
	return take_word();
}

void random_bytes(std::uint8_t *out, std::size_t length) {
	while (length > 0) {
		const std::uint64_t word = take_word();
		const std::size_t take = length < sizeof word ? length : sizeof word;
		std::memcpy(out, &word, take);
		out += take;
		length -= take;
	}
}

} // namespace identities
