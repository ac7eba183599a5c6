#include "pg/shmem.hpp"

#include "core/error.hpp"

#include <cstdlib>
#include <new>

namespace identities::pg {
namespace {

// Filled by static initialisers before _PG_init, so plain zero-initialised storage (no constructor to run).
constexpr std::size_t kMaxGeneratorSlots = 16;
struct SlotRegistration {
	std::size_t offset;
	void (*construct)(void *memory);
	GeneratorDescription description;
};
SlotRegistration registrations[kMaxGeneratorSlots];
std::size_t registration_count;
std::size_t total_size;

unsigned char *shared_slots = nullptr;
unsigned char *backend_slots = nullptr;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void construct_slots(unsigned char *memory) {
	for (std::size_t i = 0; i < registration_count; i++)
		registrations[i].construct(memory + registrations[i].offset); // its spinlock and a value-initialised state
}

extern "C" void identities_shmem_request() {
	if (previous_shmem_request_hook)
		previous_shmem_request_hook();
	RequestAddinShmemSpace(total_size);
}

extern "C" void identities_shmem_startup() {
	if (previous_shmem_startup_hook)
		previous_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	bool found = false;
	auto *slots = static_cast<unsigned char *>(ShmemInitStruct("identities generators", total_size, &found));
	if (!found)
		construct_slots(slots);
	LWLockRelease(AddinShmemInitLock);
	shared_slots = slots;
}

} // namespace

std::size_t register_generator_slot(std::size_t size, void (*construct)(void *memory),
                                    const GeneratorDescription &description) noexcept {
	// Registration happens while the library loads: more slots than this is a build error caught by every test.
	if (registration_count == kMaxGeneratorSlots)
		std::abort();
	registrations[registration_count] = {total_size, construct, description};
	total_size += size; // sizes are multiples of the slots' 64-byte alignment
	return registration_count++;
}

std::size_t generator_slot_count() noexcept { return registration_count; }

const GeneratorDescription &generator_description(std::size_t index) noexcept {
	return registrations[index].description;
}

void request_generator_shared_memory() {
	if (!process_shared_preload_libraries_in_progress)
		return;
	previous_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = identities_shmem_request;
	previous_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = identities_shmem_startup;
}

bool generator_states_are_shared() noexcept { return shared_slots != nullptr; }

void require_shared_generator_states(const char *function_name) {
	if (shared_slots == nullptr)
		throw Error(ErrorCode::ObjectNotInPrerequisiteState,
		            std::string(function_name) + " requires identities in shared_preload_libraries",
		            "Its serials must be shared by every backend of the server, or two backends would repeat ids.",
		            "Add identities to shared_preload_libraries in postgresql.conf and restart the server.");
}

void *generator_slot_memory(std::size_t index) {
	unsigned char *slots = shared_slots;
	if (slots == nullptr) {
		if (backend_slots == nullptr) {
			// Lives as long as the backend, like shared memory does.
			auto *memory = static_cast<unsigned char *>(std::aligned_alloc(64, total_size));
			if (memory == nullptr)
				throw std::bad_alloc(); // the boundary reports it as 53200 out of memory
			construct_slots(memory);
			backend_slots = memory;
		}
		slots = backend_slots;
	}
	return slots + registrations[index].offset;
}

} // namespace identities::pg
