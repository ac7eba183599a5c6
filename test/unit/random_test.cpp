#include "core/random.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace identities {
namespace {

TEST(Random, DrawsDoNotRepeat) {
	std::set<std::uint64_t> seen;
	for (int i = 0; i < 10000; i++)
		EXPECT_TRUE(seen.insert(random_u64()).second);
}

TEST(Random, LongDrawsSpanBufferRefills) {
	std::uint8_t first[10000], second[10000];
	random_bytes(first, sizeof first);
	random_bytes(second, sizeof second);
	EXPECT_NE(0, memcmp(first, second, sizeof first));
}

// After fork the child must not hand out the bytes the parent still has buffered.
TEST(Random, ForkedChildNeverRepeatsTheParentsBytes) {
	random_u64(); // fill the parent's buffer
	int pipe_ends[2];
	ASSERT_EQ(0, pipe(pipe_ends));
	const pid_t child = fork();
	ASSERT_GE(child, 0);
	if (child == 0) {
		std::uint8_t drawn[64];
		random_bytes(drawn, sizeof drawn);
		_exit(write(pipe_ends[1], drawn, sizeof drawn) == static_cast<ssize_t>(sizeof drawn) ? 0 : 1);
	}
	std::uint8_t from_child[64], from_parent[64];
	ASSERT_EQ(static_cast<ssize_t>(sizeof from_child), read(pipe_ends[0], from_child, sizeof from_child));
	int status = 0;
	waitpid(child, &status, 0);
	EXPECT_EQ(0, WEXITSTATUS(status));
	random_bytes(from_parent, sizeof from_parent);
	EXPECT_NE(0, memcmp(from_child, from_parent, sizeof from_parent));
	close(pipe_ends[0]);
	close(pipe_ends[1]);
}

} // namespace
} // namespace identities
