#include "pg/shmem.hpp"

#include "core/error.hpp"

namespace identities::pg {
namespace {

GeneratorStates *shared_states = nullptr;
GeneratorStates backend_states;
bool backend_states_ready = false;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void initialize(GeneratorStates *states) {
	new (states) GeneratorStates(); // each slot initialises its spinlock and value-initialises its state
}

extern "C" void identities_shmem_request() {
	if (previous_shmem_request_hook)
		previous_shmem_request_hook();
	RequestAddinShmemSpace(sizeof(GeneratorStates));
}

extern "C" void identities_shmem_startup() {
	if (previous_shmem_startup_hook)
		previous_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	bool found = false;
	auto *states =
	    static_cast<GeneratorStates *>(ShmemInitStruct("identities generators", sizeof(GeneratorStates), &found));
	if (!found)
		initialize(states);
	LWLockRelease(AddinShmemInitLock);
	shared_states = states;
}

} // namespace

void request_generator_shared_memory() {
	if (!process_shared_preload_libraries_in_progress)
		return;
	previous_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = identities_shmem_request;
	previous_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = identities_shmem_startup;
}

bool generator_states_are_shared() noexcept { return shared_states != nullptr; }

void require_shared_generator_states(const char *function_name) {
	if (shared_states == nullptr)
		throw Error(ErrorCode::ObjectNotInPrerequisiteState,
		            std::string(function_name) + " requires identities in shared_preload_libraries",
		            "Its serials must be shared by every backend of the server, or two backends would repeat ids.",
		            "Add identities to shared_preload_libraries in postgresql.conf and restart the server.");
}

GeneratorStates &generator_states() noexcept {
	if (shared_states)
		return *shared_states;
	if (!backend_states_ready) {
		initialize(&backend_states);
		backend_states_ready = true;
	}
	return backend_states;
}

} // namespace identities::pg
