#include "pg/public_key.hpp"

#include "core/redaction.hpp"
#include "pg/module.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "catalog/pg_authid.h"
#include "miscadmin.h"
#include "tcop/tcopprot.h"
#include "tcop/utility.h"
#include "utils/acl.h"
#include "utils/memutils.h"
}

#include <openssl/crypto.h>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace identities::pg {
namespace {

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

// Whether the postmaster loaded identities (shared_preload_libraries): only then does it redact its own log lines,
// among them the "parameter ... changed to" line of a reload. Backends inherit it.
bool loaded_by_postmaster = false;
// True while identities.public_key is being defined: values set before the library was loaded are applied then.
bool defining_public_key = false;

extern "C" bool check_public_key(char **new_value, void **extra, GucSource source) {
	const bool empty = *new_value == nullptr || **new_value == '\0';
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
	// postgresql.conf, postgresql.auto.conf, and ALTER SYSTEM's check of what it would write there.
	if (source == PGC_S_FILE && !loaded_by_postmaster) {
		GUC_check_errmsg("identities.public_key is taken from a configuration file only when identities is in "
		                 "shared_preload_libraries");
		GUC_check_errdetail("Otherwise the postmaster writes the key to the server log when a reload changes it, "
		                    "and sessions that have not loaded identities show it to any role. The key is not used.");
		GUC_check_errhint("Add identities to shared_preload_libraries, or keep the key in identities.public_key_file.");
		return false;
	}
	// A SET run before this session loaded identities: its statement reached the log and pg_stat_statements as
	// it was, since nothing of ours was there to redact it.
	if (defining_public_key && source == PGC_S_SESSION) {
		GUC_check_errmsg("identities.public_key was set before identities was loaded in this session");
		GUC_check_errdetail("The statement that set it was logged as it was. The key is not used.");
		GUC_check_errhint("Preload identities (shared_preload_libraries or session_preload_libraries), or load it "
		                  "before setting the key.");
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
		field = nullptr; // dropped: the error machinery pfrees the fields, so they must be pallocs or null
		return;
	}
	redact_public_key_values(field, redacted, length + 1);
	field = redacted;
}

// A field that lists a statement's parameter values, withheld whole (a copy in the error's memory: the error
// machinery pfrees the fields).
void withhold_parameters(char *&field) noexcept {
	static constexpr char kWithheld[] = "(parameters withheld: the statement names identities.public_key)";
	if (field == nullptr || strstr(field, "arameters: ") == nullptr)
		return;
	auto *withheld = static_cast<char *>(MemoryContextAllocExtended(ErrorContext, sizeof kWithheld, MCXT_ALLOC_NO_OOM));
	if (withheld != nullptr)
		memcpy(withheld, kWithheld, sizeof kWithheld);
	field = withheld;
}

// The server log never holds the key: PostgreSQL logs a reloaded setting's new value, and log_statement and
// errors log statements such as SET or ALTER SYSTEM with the key in them.
// Redacts before any earlier hook runs, so a hook that ships messages elsewhere never sees the key either.
extern "C" void redact_public_key_in_log(ErrorData *edata) {
	if (edata->output_to_server) {
		// A statement naming the key may take it from a bind parameter, which log_statement lists in the DETAIL
		// ("Parameters: $1 = '...'") and an error in the CONTEXT ("... with parameters: $1 = '...'").
		const bool query_names_key = debug_query_string != nullptr && mentions_public_key(debug_query_string);
		if (query_names_key || (edata->message != nullptr && mentions_public_key(edata->message))) {
			withhold_parameters(edata->detail);
			withhold_parameters(edata->detail_log);
			withhold_parameters(edata->context);
		}
		redact_field(edata->message);
		redact_field(edata->detail);
		redact_field(edata->detail_log);
		redact_field(edata->context);
		// An error's STATEMENT line is debug_query_string itself, which no hook can rewrite: leave it out.
		if (query_names_key)
			edata->hide_stmt = true;
	}
	if (previous_emit_log_hook != nullptr)
		previous_emit_log_hook(edata);
}

ProcessUtility_hook_type previous_process_utility_hook = nullptr;
shmem_request_hook_type previous_shmem_request_hook = nullptr;

// pg_stat_statements (with track_utility) keeps the text of utility statements, SET and ALTER SYSTEM among them:
// the hooks after this one, pg_stat_statements' included, get the statement with the key's values redacted.
extern "C" void redact_public_key_in_utility(PlannedStmt *statement, const char *query_string, bool read_only_tree,
                                             ProcessUtilityContext context, ParamListInfo parameters,
                                             QueryEnvironment *query_environment, DestReceiver *destination,
                                             QueryCompletion *completion) {
	PlannedStmt redacted_statement;
	if (query_string != nullptr) {
		// This statement's own text: a query string may hold several.
		const int location = statement->stmt_location > 0 ? statement->stmt_location : 0;
		const std::size_t length = statement->stmt_len > 0 ? static_cast<std::size_t>(statement->stmt_len)
		                                                    : strlen(query_string + location);
		const std::string_view text(query_string + location, length);
		const std::size_t redacted_length = redact_public_key_values(text, nullptr, 0);
		if (redacted_length > 0) {
			auto *redacted = static_cast<char *>(palloc(redacted_length + 1));
			redact_public_key_values(text, redacted, redacted_length + 1);
			redacted_statement = *statement;
			redacted_statement.stmt_location = 0;
			redacted_statement.stmt_len = static_cast<int>(redacted_length);
			statement = &redacted_statement;
			query_string = redacted;
		}
	}
	if (previous_process_utility_hook != nullptr)
		previous_process_utility_hook(statement, query_string, read_only_tree, context, parameters, query_environment,
		                              destination, completion);
	else
		standard_ProcessUtility(statement, query_string, read_only_tree, context, parameters, query_environment,
		                        destination, completion);
}

void install_utility_redaction() {
	previous_process_utility_hook = ProcessUtility_hook;
	ProcessUtility_hook = redact_public_key_in_utility;
}

// Preloaded, the hook goes in once every library of shared_preload_libraries has installed its own, so it comes
// first whatever their order ('identities,pg_stat_statements' as well as the reverse).
extern "C" void install_utility_redaction_after_preloading() {
	if (previous_shmem_request_hook != nullptr)
		previous_shmem_request_hook();
	install_utility_redaction();
}

} // namespace

void redact_public_key_in_server_log() {
	previous_emit_log_hook = emit_log_hook;
	emit_log_hook = redact_public_key_in_log;
	if (process_shared_preload_libraries_in_progress) {
		previous_shmem_request_hook = shmem_request_hook;
		shmem_request_hook = install_utility_redaction_after_preloading;
	} else {
		install_utility_redaction(); // pg_stat_statements, always preloaded, is already in place
	}
}

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

void define_public_key_settings() {
	loaded_by_postmaster = process_shared_preload_libraries_in_progress;
	defining_public_key = true;
	DefineCustomStringVariable(
	    "identities.public_key", "The AES key of public ids: base64 of 16, 24 or 32 bytes.",
	    "Superusers only. Never shown: SHOW and current_setting() say (set) or (unset). Wins over "
	    "identities.public_key_file.",
	    &public_key_text, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE, check_public_key,
	    assign_public_key, show_public_key);
	defining_public_key = false;
	DefineCustomStringVariable(
	    "identities.public_key_file",
	    "A file holding the base64 AES key of public ids, read when identities.public_key is empty.",
	    "Read again after the server reloads its configuration.", &public_key_file, "", PGC_SIGHUP,
	    GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE, nullptr, assign_public_key_file, nullptr);
}

} // namespace identities::pg
