#include "pg/high_water_mark.hpp"

#include "core/high_water_mark_record.hpp"
#include "pg/boundary.hpp"
#include "pg/timestamps.hpp"
#include "pg/postgres.hpp"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>

extern "C" {
#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "port/atomics.h"
#include "storage/fd.h"
}

namespace identities::pg {
namespace {

// In the data directory, so pg_basebackup copies it to a standby.
constexpr const char *kMarkFile = "identities_high_water_mark";
constexpr const char *kMarkFileTemporary = "identities_high_water_mark.tmp";
constexpr const char *kLockTranche = "identities high-water mark";
// Our own id in the custom range (128 is RM_EXPERIMENTAL_ID, for development): PostgreSQL's registry of custom
// resource managers lists 128-140 and 241 as taken (doc/hardening.md says how to register it).
constexpr int kDefaultResourceManagerId = 211;

struct SharedMark {
	pg_atomic_uint64 mark;  // every id issued lies below it
	pg_atomic_uint64 floor; // the mark found at startup or replayed: where the generators start
	LWLock *lock;           // serialises moving it
};

SharedMark *shared_mark = nullptr;
int wal_resource_manager_id = kDefaultResourceManagerId;
shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

// 0 (no WAL records) or a custom resource manager id; a check hook must not raise.
extern "C" bool check_wal_resource_manager_id(int *new_value, void **extra, GucSource source) {
	if (*new_value == 0 || (*new_value >= RM_MIN_CUSTOM_ID && *new_value <= RM_MAX_CUSTOM_ID))
		return true;
	GUC_check_errdetail("It must be 0 (no WAL records) or a custom resource manager id, %d to %d.", RM_MIN_CUSTOM_ID,
	                    RM_MAX_CUSTOM_ID);
	return false;
}

// The mark of the file, 0 when there is none. A file that cannot be read starts without it, and says so.
std::uint64_t read_mark_file() {
	FILE *file = AllocateFile(kMarkFile, "r");
	if (file == nullptr) {
		if (errno != ENOENT)
			ereport(WARNING, (errcode_for_file_access(), errmsg("could not read file \"%s\": %m", kMarkFile),
			                  errdetail("The generators start from the clock alone.")));
		return 0;
	}
	char text[32] = {};
	const std::size_t length = fread(text, 1, sizeof text - 1, file);
	FreeFile(file);
	char *end = nullptr;
	errno = 0;
	const unsigned long long value = strtoull(text, &end, 10);
	if (length == 0 || errno != 0 || end == text || (*end != '\n' && *end != '\0')) {
		ereport(WARNING, (errcode(ERRCODE_DATA_CORRUPTED), errmsg("file \"%s\" holds no high-water mark", kMarkFile),
		                  errdetail("The generators start from the clock alone.")));
		return 0;
	}
	return value;
}

// Replaces the file durably (written, synced, renamed, directory synced).
void write_mark_file(std::uint64_t mark) {
	char text[32];
	const int length = snprintf(text, sizeof text, "%" PRIu64 "\n", mark);
	const int fd = OpenTransientFile(kMarkFileTemporary, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
		ereport(ERROR, (errcode_for_file_access(), errmsg("could not create file \"%s\": %m", kMarkFileTemporary)));
	errno = 0;
	if (write(fd, text, length) != length) {
		if (errno == 0)
			errno = ENOSPC;
		ereport(ERROR, (errcode_for_file_access(), errmsg("could not write file \"%s\": %m", kMarkFileTemporary)));
	}
	if (pg_fsync(fd) != 0)
		ereport(data_sync_elevel(ERROR),
		        (errcode_for_file_access(), errmsg("could not fsync file \"%s\": %m", kMarkFileTemporary)));
	if (CloseTransientFile(fd) != 0)
		ereport(ERROR, (errcode_for_file_access(), errmsg("could not close file \"%s\": %m", kMarkFileTemporary)));
	durable_rename(kMarkFileTemporary, kMarkFile, ERROR);
}

void raise_atomic(pg_atomic_uint64 *value, std::uint64_t to) {
	if (pg_atomic_read_u64(value) < to)
		pg_atomic_write_u64(value, to);
}

// The record as redo and desc see it: its info (PostgreSQL's low bits cleared), length and data, checked
// (core/high_water_mark_record.hpp) before a byte of the data is read.
HighWaterMarkRecord parse_record(XLogReaderState *record) noexcept {
	return parse_high_water_mark_record(XLogRecGetData(record), XLogRecGetDataLen(record),
	                                    static_cast<std::uint8_t>(XLogRecGetInfo(record) & ~XLR_INFO_MASK));
}

// A replayed mark (crash recovery, or a standby following its primary): the generators start above it. A record
// under our id that is not our mark stops the replay, as PostgreSQL's own resource managers stop at an unknown
// op code: applying a mark read from it could set the generators anywhere. (Only trivially destructible values
// live here: nothing is skipped when ereport leaves the frame.)
extern "C" void high_water_mark_redo(XLogReaderState *record) {
	const HighWaterMarkRecord parsed = parse_record(record);
	if (parsed.status == HighWaterMarkRecordStatus::UnknownInfo)
		ereport(PANIC, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("identities high-water mark redo: unknown op code 0x%02X", unsigned{parsed.info}),
		                errdetail("identities writes a single record type (0x%02X) under resource manager id %d: this "
		                          "WAL was written by another extension under that id, or is damaged.",
		                          unsigned{kHighWaterMarkRecordInfo}, wal_resource_manager_id)));
	if (parsed.status != HighWaterMarkRecordStatus::Valid)
		ereport(PANIC, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("identities high-water mark redo: invalid record length %u, expected %u",
		                       static_cast<unsigned>(parsed.length), static_cast<unsigned>(kHighWaterMarkRecordLength)),
		                errdetail("identities' record under resource manager id %d holds the mark, %u bytes: this WAL "
		                          "was written by another extension under that id, or is damaged.",
		                          wal_resource_manager_id, static_cast<unsigned>(kHighWaterMarkRecordLength))));
	const std::uint64_t mark = parsed.mark;
	LWLockAcquire(shared_mark->lock, LW_EXCLUSIVE);
	if (pg_atomic_read_u64(&shared_mark->mark) < mark) {
		write_mark_file(mark); // a standby's later restarts replay from after this record
		pg_atomic_write_u64(&shared_mark->mark, mark);
	}
	raise_atomic(&shared_mark->floor, mark);
	LWLockRelease(shared_mark->lock);
}

// Shown by pg_walinspect and in the context of a redo error; a malformed record is described, not read.
extern "C" void high_water_mark_desc(StringInfo buffer, XLogReaderState *record) {
	char text[128];
	describe_high_water_mark_record(text, sizeof text, parse_record(record));
	appendStringInfoString(buffer, text);
}

extern "C" const char *high_water_mark_identify(uint8 info) {
	return (info & ~XLR_INFO_MASK) == kHighWaterMarkRecordInfo ? "HIGH_WATER_MARK" : nullptr;
}

RmgrData high_water_mark_rmgr = {
    "identities", high_water_mark_redo, high_water_mark_desc, high_water_mark_identify, nullptr, nullptr, nullptr,
    nullptr, // not decoded: logical replication carries ids in rows, not marks
};

extern "C" void high_water_mark_shmem_request() {
	if (previous_shmem_request_hook)
		previous_shmem_request_hook();
	RequestAddinShmemSpace(sizeof(SharedMark));
	RequestNamedLWLockTranche(kLockTranche, 1);
}

// In the postmaster, at start and after a crash reinitialised shared memory: the mark comes from the file.
extern "C" void high_water_mark_shmem_startup() {
	if (previous_shmem_startup_hook)
		previous_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	bool found = false;
	auto *mark = static_cast<SharedMark *>(ShmemInitStruct("identities high-water mark", sizeof(SharedMark), &found));
	if (!found) {
		const std::uint64_t from_file = read_mark_file();
		pg_atomic_init_u64(&mark->mark, from_file);
		pg_atomic_init_u64(&mark->floor, from_file);
		mark->lock = &GetNamedLWLockTranche(kLockTranche)->lock;
	}
	LWLockRelease(AddinShmemInitLock);
	shared_mark = mark;
}

} // namespace

void define_high_water_mark() {
	if (!process_shared_preload_libraries_in_progress)
		return;
	DefineCustomIntVariable("identities.wal_resource_manager_id",
	                        "The WAL resource manager id of the generators' high-water mark (0: no WAL records).",
	                        "With 0, a restart keeps the mark but a promoted standby does not. Change it only after "
	                        "a clean shutdown: WAL written under one id cannot be replayed under another.",
	                        &wal_resource_manager_id, kDefaultResourceManagerId, 0, RM_MAX_CUSTOM_ID, PGC_POSTMASTER, 0,
	                        check_wal_resource_manager_id, nullptr, nullptr);
	if (wal_resource_manager_id != 0) {
		RegisterCustomRmgr(static_cast<RmgrId>(wal_resource_manager_id), &high_water_mark_rmgr);
		// Said where the operator looks when a standby or a restore without identities stops at such a record.
		ereport(LOG, (errmsg("identities writes its high-water mark to the WAL under resource manager id %d",
		                     wal_resource_manager_id),
		              errdetail("Every standby and every server that replays this WAL needs identities in "
		                        "shared_preload_libraries.")));
	}
	previous_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = high_water_mark_shmem_request;
	previous_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = high_water_mark_shmem_startup;
}

UnixMicros high_water_floor() noexcept {
	return shared_mark ? static_cast<UnixMicros>(pg_atomic_read_u64(&shared_mark->floor)) : 0;
}

bool high_water_mark_needs_moving(UnixMicros newest) noexcept {
	return shared_mark &&
	       high_water_mark_reached(newest, static_cast<UnixMicros>(pg_atomic_read_u64(&shared_mark->mark)));
}

namespace {

// Sets the mark, made durable first (the file, then the WAL). Called under the mark's lock.
void set_durable_mark(std::uint64_t mark) {
	write_mark_file(mark);
	// A standby cannot write WAL; ids generated there are kept by its file only.
	if (wal_resource_manager_id != 0 && !RecoveryInProgress()) {
		static_assert(sizeof mark == kHighWaterMarkRecordLength, "the record's data is the mark");
		XLogBeginInsert();
		XLogRegisterData(reinterpret_cast<char *>(&mark), sizeof mark);
		XLogFlush(XLogInsert(static_cast<RmgrId>(wal_resource_manager_id), kHighWaterMarkRecordInfo));
	}
	pg_atomic_write_u64(&shared_mark->mark, mark);
}

} // namespace

void move_high_water_mark(UnixMicros newest) {
	LWLockAcquire(shared_mark->lock, LW_EXCLUSIVE);
	if (high_water_mark_reached(newest, static_cast<UnixMicros>(pg_atomic_read_u64(&shared_mark->mark))))
		set_durable_mark(static_cast<std::uint64_t>(next_high_water_mark(newest)));
	LWLockRelease(shared_mark->lock);
}

bool high_water_mark_is_kept() noexcept {
	return shared_mark != nullptr;
}

UnixMicros current_high_water_mark() noexcept {
	return shared_mark ? static_cast<UnixMicros>(pg_atomic_read_u64(&shared_mark->mark)) : 0;
}

void raise_high_water_floor(UnixMicros floor) {
	if (floor <= 0) // every generator is past 1970 already
		return;
	const auto raised = static_cast<std::uint64_t>(floor);
	LWLockAcquire(shared_mark->lock, LW_EXCLUSIVE);
	// A standby replaying the record raises its floor to the mark: the same floor as here.
	if (pg_atomic_read_u64(&shared_mark->mark) < raised)
		set_durable_mark(raised);
	raise_atomic(&shared_mark->floor, raised);
	LWLockRelease(shared_mark->lock);
}

} // namespace identities::pg

using namespace identities;

namespace {

// How far past this server's clock a floor may be raised: an old server's clock ahead by hours is a fault to
// survive; a floor days ahead is a typo that would date every new id in the future.
constexpr UnixMicros kFloorAheadLimit = 24 * 3600 * kMicrosPerSecond;

} // namespace

// The mark as a timestamptz: NULL without identities preloaded or before the server's first id.
IDENTITIES_FUNCTION(identities_high_water_mark) {
	const UnixMicros mark = pg::current_high_water_mark();
	if (!pg::high_water_mark_is_kept() || mark <= 0)
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(mark));
}

// Makes every id generated from now on embed an instant after `after` (the whole second after it); returns the
// floor in force.
IDENTITIES_FUNCTION(identities_raise_floor) {
	const TimestampTz after = PG_GETARG_TIMESTAMPTZ(0);
	if (!pg::high_water_mark_is_kept())
		throw Error(ErrorCode::ObjectNotInPrerequisiteState, "this server keeps no high-water mark",
		            "Without identities in shared_preload_libraries each backend generates from its own clock, with no "
		            "floor to raise.",
		            "Add identities to shared_preload_libraries and restart the server.");
	if (TIMESTAMP_NOT_FINITE(after))
		throw Error(ErrorCode::DatetimeValueOutOfRange, "identities_raise_floor: the instant must be finite");
	const UnixMicros instant = pg::unix_micros_from_timestamptz(after);
	if (instant > system_clock_now() + kFloorAheadLimit)
		throw Error(ErrorCode::InvalidParameterValue,
		            "identities_raise_floor: the instant is more than a day ahead of this server's clock",
		            "Every id generated afterwards would embed that instant or later.",
		            "Pass the old server's identities_high_water_mark() or its newest id's timestamp; set this "
		            "server's clock right if it is the one behind.");
	pg::raise_high_water_floor(floor_after(instant));
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(pg::high_water_floor()));
}
