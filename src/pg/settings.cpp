#include "pg/settings.hpp"

#include "core/error.hpp"
#include "core/instant.hpp"
#include "core/redaction.hpp"
#include "core/siq.hpp"
#include "core/snowflake.hpp"
#include "pg/boundary.hpp"
#include "pg/postgres.hpp"

extern "C" {
#include "access/parallel.h"
#include "catalog/pg_authid.h"
#include "utils/acl.h"
#include "utils/memutils.h"
#include "tcop/tcopprot.h"
}

#include <openssl/crypto.h>

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <type_traits>
#include <unistd.h>

namespace identities::pg {
namespace {

// Hands a check hook's parsed value to guc.c as the setting's `extra`, which guc.c owns and frees from then on.
template <typename Value> bool store_extra(const Value &value, void **extra) noexcept {
	static_assert(std::is_trivially_copyable_v<Value>);
	void *stored = guc_extra_alloc(sizeof(Value));
	if (stored == nullptr)
		return false;
	memcpy(stored, &value, sizeof(Value));
	*extra = stored;
	return true;
}

struct SeriesPosition {
	Uint128 next;
	bool exhausted; // the last value handed out was 2^128-1
};

// One SET of identities.incremental_ids: the parsed value and how far each series has come. It is the GUC
// "extra" (allocated as guc.c requires), so when a SET LOCAL ends, guc.c hands the outer setting's extra back
// and its series continue where they stopped, like Architect's nested generator scopes.
struct IncrementalIdsSetting {
	bool active;
	SeriesPosition positions[2]; // indexed by IncrementalSeries
};

char *incremental_ids_text = nullptr;
IncrementalIdsSetting *incremental_ids = nullptr;

extern "C" bool check_incremental_ids(char **new_value, void **extra, GucSource source) {
	IncrementalIdsSetting parsed = {};
	const std::string_view text = trim_space(*new_value ? *new_value : "");
	if (!text.empty()) {
		Uint128 first_id = 0;
		if (parse_decimal(text, kUint128Max, first_id) != ParseStatus::Ok) {
			GUC_check_errdetail("The value must be an integer from 0 to 2^128-1, or empty for the real generators.");
			return false;
		}
		parsed.active = true;
		for (SeriesPosition &position : parsed.positions)
			position = {first_id, false};
	}
	return store_extra(parsed, extra);
}

extern "C" void assign_incremental_ids(const char *new_value, void *extra) {
	incremental_ids = static_cast<IncrementalIdsSetting *>(extra);
}

// identities.public_key as guc.c keeps it (base64 text, never shown) and decoded, once per assignment.
char *public_key_text = nullptr;
PublicIdKey public_key;
// identities.public_key_file: read when a public id is first needed after the setting was (re)loaded.
char *public_key_file = nullptr;
// The prepared cipher; a plain pointer because OpenSSL may already be torn down when static destructors run.
PublicIdCipher *prepared_cipher = nullptr;

void forget_prepared_cipher() noexcept {
	delete prepared_cipher; // frees the contexts, which wipes the key schedule
	prepared_cipher = nullptr;
}

// Set by the check hook: the key in force came from postgresql.conf or postgresql.auto.conf.
bool public_key_from_configuration_file = false;

extern "C" bool check_public_key(char **new_value, void **extra, GucSource source) {
	const bool empty = *new_value == nullptr || **new_value == '\0';
	public_key_from_configuration_file = !empty && source == PGC_S_FILE;
	if (empty)
		return true;
	// ALTER ROLE/DATABASE SET and CREATE FUNCTION ... SET would store the key in catalogs other roles can read
	// (checked with source PGC_S_TEST); one stored while identities was not loaded stays inert at login.
	if (source == PGC_S_TEST) {
		GUC_check_errmsg("identities.public_key cannot be stored in a role, database or function setting");
		GUC_check_errhint("Set it in postgresql.conf or with ALTER SYSTEM, or use identities.public_key_file.");
		return false;
	}
	if (source == PGC_S_GLOBAL || source == PGC_S_DATABASE || source == PGC_S_USER ||
	    source == PGC_S_DATABASE_USER) {
		GUC_check_errmsg("identities.public_key is not taken from a role or database setting");
		GUC_check_errdetail("Role and database settings are readable by every role.");
		GUC_check_errhint("Remove it with ALTER ROLE/DATABASE ... RESET identities.public_key, and set the key in "
		                  "postgresql.conf, with ALTER SYSTEM or in identities.public_key_file.");
		return false;
	}
	bool valid = false;
	{
		PublicIdKey decoded; // wiped when this scope ends
		valid = decode_public_id_key(*new_value, decoded);
	}
	if (!valid) {
		// Without our own message guc.c would echo the rejected value, and with it most of a key.
		GUC_check_errmsg("invalid value for parameter \"identities.public_key\"");
		GUC_check_errdetail("The key must be the base64 of 16, 24 or 32 bytes. The value is not shown.");
	}
	return valid;
}

extern "C" void assign_public_key(const char *new_value, void *extra) {
	if (new_value == nullptr || !decode_public_id_key(new_value, public_key))
		public_key.clear();
	forget_prepared_cipher();
}

extern "C" const char *show_public_key() {
	return public_key_text != nullptr && *public_key_text != '\0' ? "(set)" : "(unset)";
}

extern "C" void assign_public_key_file(const char *new_value, void *extra) {
	forget_prepared_cipher(); // a reload may have changed the file's contents even when its path stayed
}

// Reads the key file into key. The file's bytes are wiped from this process once decoded. Errors name the
// file only to those who may see the setting (show_path).
void read_public_key_file(const char *path, bool show_path, PublicIdKey &key) {
	const std::string named = show_path ? std::string(" \"") + path + "\"" : std::string();
	char contents[4096];
	ssize_t length = -1;
	int read_errno = 0;
	// O_NONBLOCK: a FIFO configured by mistake must not hang the backend (it then reads as empty, so invalid).
	const int file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (file >= 0) {
		length = read(file, contents, sizeof contents);
		read_errno = errno;
		close(file);
	} else {
		read_errno = errno;
	}
	if (length < 0)
		throw Error(ErrorCode::ConfigFileError,
		            "could not read identities.public_key_file" + named + ": " + strerror(read_errno), {},
		            "The file must be readable by the operating system user the server runs as.");
	const bool valid = static_cast<std::size_t>(length) < sizeof contents &&
	                   decode_public_id_key(std::string_view(contents, static_cast<std::size_t>(length)), key);
	OPENSSL_cleanse(contents, sizeof contents);
	if (!valid)
		throw Error(ErrorCode::ConfigFileError,
		            "identities.public_key_file" + named + " does not hold a valid key",
		            "The file must hold the base64 of 16, 24 or 32 bytes. Its contents are not shown.");
}

// identities.siq_domain: the text guc.c keeps, and its hash (the GUC "extra"), so a SIQ costs no SHA-256.
char *siq_domain_text = nullptr;
std::uint32_t siq_domain_hash_value = 0;
int siq_shard_value = 0;
int snowflake_worker_value = 0;
int snowflake_process_value = 0;
char *snowflake_epoch_text = nullptr;
std::int64_t snowflake_epoch_unix_millis = 1420070400000; // Discord's epoch, 2015-01-01T00:00:00Z

// Runs a core function in a hook, where an ereport is not allowed: a core Error becomes the hook's message.
template <typename Body> bool checked_in_hook(Body body) noexcept {
	char message[256] = "";
	char detail[512] = "";
	try {
		body();
		return true;
	} catch (const Error &error) {
		copy_message(message, sizeof message, error.what());
		copy_message(detail, sizeof detail, error.detail().c_str());
	} catch (...) {
		copy_message(message, sizeof message, "unexpected error");
	}
	GUC_check_errmsg("%s", message);
	if (detail[0] != '\0')
		GUC_check_errdetail("%s", detail);
	return false;
}

extern "C" bool check_siq_domain(char **new_value, void **extra, GucSource source) {
	std::uint32_t hash = 0;
	if (!checked_in_hook([&] { hash = siq_domain_hash(*new_value ? *new_value : ""); }))
		return false;
	return store_extra(hash, extra);
}

extern "C" void assign_siq_domain(const char *new_value, void *extra) {
	siq_domain_hash_value = *static_cast<const std::uint32_t *>(extra);
}

// The epoch is one instant for every backend: read without the session's TimeZone (which differs between
// sessions, and is not yet restored in a parallel worker when its settings are applied), and by code that
// cannot ereport, as a check hook must not.
extern "C" bool check_snowflake_epoch(char **new_value, void **extra, GucSource source) {
	const std::optional<UnixMicros> epoch = parse_absolute_instant(*new_value ? *new_value : "");
	if (!epoch) {
		GUC_check_errdetail("The epoch must be a date and time with Z or an explicit UTC offset, such as "
		                    "2015-01-01 00:00:00+00 or 2015-01-01T00:00:00Z.");
		return false;
	}
	std::int64_t unix_millis = 0;
	if (!checked_in_hook([&] { unix_millis = checked_snowflake_epoch(floor_div(*epoch, kMicrosPerMilli)); }))
		return false;
	return store_extra(unix_millis, extra);
}

extern "C" void assign_snowflake_epoch(const char *new_value, void *extra) {
	snowflake_epoch_unix_millis = *static_cast<const std::int64_t *>(extra);
}

emit_log_hook_type previous_emit_log_hook = nullptr;

// Replaces a message field by its copy with the key's values redacted, allocated where the error data lives.
void redact_field(char *&field) noexcept {
	if (field == nullptr)
		return;
	const std::size_t length = redact_public_key_values(field, nullptr, 0);
	if (length == 0)
		return;
	char *redacted = static_cast<char *>(MemoryContextAllocExtended(ErrorContext, length + 1, MCXT_ALLOC_NO_OOM));
	if (redacted == nullptr) {
		field = const_cast<char *>("(message withheld: it gives identities.public_key a value)");
		return;
	}
	redact_public_key_values(field, redacted, length + 1);
	field = redacted;
}

// The server log never holds the key: PostgreSQL logs a reloaded setting's new value, and log_statement and
// errors log statements such as SET or ALTER SYSTEM with the key in them.
extern "C" void redact_public_key_in_log(ErrorData *edata) {
	if (previous_emit_log_hook != nullptr)
		previous_emit_log_hook(edata);
	if (!edata->output_to_server)
		return;
	redact_field(edata->message);
	redact_field(edata->detail);
	redact_field(edata->detail_log);
	redact_field(edata->context);
	// An error's STATEMENT line is debug_query_string itself, which no hook can rewrite: leave it out.
	if (debug_query_string != nullptr && mentions_public_key(debug_query_string))
		edata->hide_stmt = true;
}

} // namespace

void redact_public_key_in_server_log() {
	previous_emit_log_hook = emit_log_hook;
	emit_log_hook = redact_public_key_in_log;
}

std::uint32_t siq_domain_hash_setting() noexcept { return siq_domain_hash_value; }

std::uint8_t siq_shard_setting() noexcept { return static_cast<std::uint8_t>(siq_shard_value); }

std::uint8_t snowflake_worker_setting() noexcept { return static_cast<std::uint8_t>(snowflake_worker_value); }

std::uint8_t snowflake_process_setting() noexcept { return static_cast<std::uint8_t>(snowflake_process_value); }

std::int64_t snowflake_epoch_setting() noexcept { return snowflake_epoch_unix_millis; }

const PublicIdCipher &public_id_cipher() {
	if (prepared_cipher != nullptr)
		return *prepared_cipher;
	if (!public_key.empty()) {
		prepared_cipher = new PublicIdCipher(public_key);
	} else if (public_key_file != nullptr && *public_key_file != '\0') {
		// The path is superuser-only (GUC_SUPERUSER_ONLY): asked before any C++ object of this frame exists.
		const bool show_path = superuser() || has_privs_of_role(GetUserId(), ROLE_PG_READ_ALL_SETTINGS);
		PublicIdKey key;
		read_public_key_file(public_key_file, show_path, key);
		prepared_cipher = new PublicIdCipher(key);
	} else {
		throw Error(ErrorCode::ObjectNotInPrerequisiteState, "no public id key is configured", {},
		            "Set identities.public_key (superuser only) or identities.public_key_file to the base64 of a 16-, "
		            "24- or 32-byte AES key.");
	}
	return *prepared_cipher;
}

void define_settings() {
	DefineCustomStringVariable(
	    "identities.incremental_ids",
	    "Makes this session's distributedid and distributedid128 generators return N, N+1, N+2, ...",
	    "For deterministic tests, like Architect's IncrementalDistributedIdGenerator. Empty uses the real generators. "
	    "Superusers only: whoever sets it chooses the ids that column defaults produce.",
	    &incremental_ids_text, "", PGC_SUSET, 0, check_incremental_ids, assign_incremental_ids, nullptr);
	DefineCustomStringVariable(
	    "identities.public_key", "The AES key of public ids: base64 of 16, 24 or 32 bytes.",
	    "Superusers only. Never shown: SHOW and current_setting() say (set) or (unset). Wins over "
	    "identities.public_key_file.",
	    &public_key_text, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE, check_public_key,
	    assign_public_key, show_public_key);
	// Loaded by a query rather than at startup: until a session loads identities, PostgreSQL keeps a key from the
	// configuration files as an unchecked placeholder that any role can SHOW (session_preload_libraries loads it
	// before any query, so debug_query_string is still unset then).
	if (public_key_from_configuration_file && !process_shared_preload_libraries_in_progress &&
	    debug_query_string != nullptr)
		ereport(WARNING, (errmsg("identities.public_key is set in a configuration file, but identities is not preloaded"),
		                  errdetail("Sessions that have not loaded identities show the key to any role that asks."),
		                  errhint("Add identities to shared_preload_libraries or session_preload_libraries, or keep "
		                          "the key in identities.public_key_file.")));
	DefineCustomStringVariable(
	    "identities.public_key_file",
	    "A file holding the base64 AES key of public ids, read when identities.public_key is empty.",
	    "Read again after the server reloads its configuration.", &public_key_file, "", PGC_SIGHUP,
	    GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE, nullptr, assign_public_key_file, nullptr);
	DefineCustomStringVariable("identities.siq_domain",
	                           "The domain of siq_generate(qualifier): its hash goes in the SIQ.",
	                           "An ASCII domain name (punycode for international names); empty or 0 hashes to 0.",
	                           &siq_domain_text, "", PGC_USERSET, 0, check_siq_domain, assign_siq_domain, nullptr);
	DefineCustomIntVariable("identities.siq_shard", "The shard of siq_generate(qualifier).", nullptr, &siq_shard_value,
	                        0, 0, 255, PGC_USERSET, 0, nullptr, nullptr, nullptr);
	DefineCustomIntVariable("identities.snowflake_worker", "The worker id of snowflake_generate().", nullptr,
	                        &snowflake_worker_value, 0, 0, 31, PGC_USERSET, 0, nullptr, nullptr, nullptr);
	DefineCustomIntVariable("identities.snowflake_process", "The process id of snowflake_generate().", nullptr,
	                        &snowflake_process_value, 0, 0, 31, PGC_USERSET, 0, nullptr, nullptr, nullptr);
	// One epoch per server: ids under two epochs could collide, since the generator counts in Unix ms.
	DefineCustomStringVariable("identities.snowflake_epoch", "The epoch of Snowflakes (Discord's by default).",
	                           "Changing it starts another id space; set it once, in postgresql.conf.",
	                           &snowflake_epoch_text, "2015-01-01 00:00:00+00", PGC_SIGHUP, 0, check_snowflake_epoch,
	                           assign_snowflake_epoch, nullptr);
	MarkGUCPrefixReserved("identities");
}

bool take_incremental_id(IncrementalSeries series, Uint128 &id) {
	if (incremental_ids == nullptr || !incremental_ids->active)
		return false;
	// Each parallel worker would restart the series and repeat the leader's values.
	if (IsParallelWorker())
		throw Error(ErrorCode::ObjectNotInPrerequisiteState,
		            "identities.incremental_ids cannot be used in a parallel worker", {},
		            "Set max_parallel_workers_per_gather to 0 while using deterministic ids.");
	SeriesPosition &position = incremental_ids->positions[static_cast<int>(series)];
	if (position.exhausted)
		throw Error(ErrorCode::NumericValueOutOfRange, "identities.incremental_ids series is exhausted");
	id = position.next;
	if (position.next == kUint128Max)
		position.exhausted = true;
	else
		position.next++;
	return true;
}

} // namespace identities::pg
