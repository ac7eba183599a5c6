#include "pg/public_key.hpp"

#include "core/redaction.hpp"
#include "pg/module.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "access/xact.h"
#include "catalog/pg_authid.h"
#include "miscadmin.h"
#include "tcop/tcopprot.h"
#include "tcop/utility.h"
#include "utils/acl.h"
#include "utils/memutils.h"
}

#include <openssl/crypto.h>

#include <optional>
#include <string>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace identities::pg {
namespace {

// One key of public ids: the current one (identities.public_key, identities.public_key_file), which makes and reads
// public ids, or the previous one of a rotation (identities.public_key_previous, …_previous_file), which only reads
// them. The setting holds base64 text (never shown), decoded once per assignment; the file is read when the key is
// first needed after the setting was (re)loaded.
struct KeySlot {
	const char *name;      // the setting
	const char *file_name; // its file setting
	char *text = nullptr;  // as guc.c keeps it
	PublicIdKey key;       // the text decoded
	char *file = nullptr;
	// The prepared cipher and the key's fingerprint; a plain pointer because OpenSSL may already be torn down when
	// static destructors run.
	struct Prepared {
		PublicIdCipher cipher;
		std::string fingerprint;
	} *prepared = nullptr;
	bool defining = false; // while the setting is being defined: values set before the library was loaded apply
};

KeySlot current_key{"identities.public_key", "identities.public_key_file"};
KeySlot previous_key{"identities.public_key_previous", "identities.public_key_previous_file"};

void forget_prepared(KeySlot &slot) noexcept {
	delete slot.prepared; // frees the contexts, which wipes the key schedule
	slot.prepared = nullptr;
}

// Whether the postmaster loaded identities (shared_preload_libraries): only then does it redact its own log lines,
// among them the "parameter ... changed to" line of a reload. Backends inherit it.
bool loaded_by_postmaster = false;

// The same key in both settings: a rotation would keep nothing of the old one.
bool same_key(const PublicIdKey &one, const PublicIdKey &other) noexcept {
	return !one.empty() && one.size() == other.size() && CRYPTO_memcmp(one.data(), other.data(), one.size()) == 0;
}

// The last key text a check hook accepted in this process, trimmed, so that the log redacts it in any message from
// then on (a function that set it and then fails with it in its message): wiped when replaced.
char last_checked_key[kPublicIdKeyMaxSize * 2];

void remember_checked_key(std::string_view text) noexcept {
	while (!text.empty() && isspace(static_cast<unsigned char>(text.front())))
		text.remove_prefix(1);
	while (!text.empty() && isspace(static_cast<unsigned char>(text.back())))
		text.remove_suffix(1);
	OPENSSL_cleanse(last_checked_key, sizeof last_checked_key);
	if (text.size() < sizeof last_checked_key)
		memcpy(last_checked_key, text.data(), text.size());
}

template <KeySlot &slot, KeySlot &other> bool check_key(char **new_value, GucSource source) {
	const bool empty = *new_value == nullptr || **new_value == '\0';
	if (empty)
		return true;
	// ALTER ROLE/DATABASE SET and CREATE FUNCTION ... SET would store the key in catalogs other roles can read
	// (checked with source PGC_S_TEST); one stored while identities was not loaded stays inert at login.
	if (source == PGC_S_TEST) {
		GUC_check_errmsg("%s cannot be stored in a role, database or function setting", slot.name);
		GUC_check_errhint("Set it in postgresql.conf or with ALTER SYSTEM, or use %s.", slot.file_name);
		return false;
	}
	if (source == PGC_S_GLOBAL || source == PGC_S_DATABASE || source == PGC_S_USER ||
	    source == PGC_S_DATABASE_USER) {
		GUC_check_errmsg("%s is not taken from a role or database setting", slot.name);
		GUC_check_errdetail("Role and database settings are readable by every role.");
		GUC_check_errhint("Remove it with ALTER ROLE/DATABASE ... RESET %s, and set the key in postgresql.conf, with "
		                  "ALTER SYSTEM or in %s.",
		                  slot.name, slot.file_name);
		return false;
	}
	// postgresql.conf, postgresql.auto.conf, and ALTER SYSTEM's check of what it would write there.
	if (source == PGC_S_FILE && !loaded_by_postmaster) {
		GUC_check_errmsg("%s is taken from a configuration file only when identities is in shared_preload_libraries",
		                 slot.name);
		GUC_check_errdetail("Otherwise the postmaster writes the key to the server log when a reload changes it, "
		                    "and sessions that have not loaded identities show it to any role. The key is not used.");
		GUC_check_errhint("Add identities to shared_preload_libraries, or keep the key in %s.", slot.file_name);
		return false;
	}
	// A SET run before this session loaded identities: its statement reached the log and pg_stat_statements as
	// it was, since nothing of ours was there to redact it.
	if (slot.defining && source == PGC_S_SESSION) {
		GUC_check_errmsg("%s was set before identities was loaded in this session", slot.name);
		GUC_check_errdetail("The statement that set it was logged as it was. The key is not used.");
		GUC_check_errhint("Preload identities (shared_preload_libraries or session_preload_libraries), or load it "
		                  "before setting the key.");
		return false;
	}
	PublicIdKey decoded; // wiped when this function returns
	if (!decode_public_id_key(*new_value, decoded)) {
		// Without our own message guc.c would echo the rejected value, and with it most of a key.
		GUC_check_errmsg("invalid value for parameter \"%s\"", slot.name);
		GUC_check_errdetail("The key must be the base64 of 16, 24 or 32 bytes. The value is not shown.");
		return false;
	}
	// Refused at once in a session; a configuration file may give both in either order, so a reload's pair is
	// checked when the keys are used (public_id_ciphers).
	if (source > PGC_S_FILE && same_key(decoded, other.key)) {
		GUC_check_errmsg("identities.public_key_previous must be another key than identities.public_key");
		GUC_check_errdetail("The previous key only reads public ids made before the current key; the value is not shown.");
		return false;
	}
	remember_checked_key(*new_value);
	return true;
}

template <KeySlot &slot> void assign_key(const char *new_value) {
	if (new_value == nullptr || !decode_public_id_key(new_value, slot.key))
		slot.key.clear();
	forget_prepared(slot);
}

extern "C" bool check_public_key(char **new_value, void **, GucSource source) {
	return check_key<current_key, previous_key>(new_value, source);
}
extern "C" bool check_public_key_previous(char **new_value, void **, GucSource source) {
	return check_key<previous_key, current_key>(new_value, source);
}
extern "C" void assign_public_key(const char *new_value, void *) { assign_key<current_key>(new_value); }
extern "C" void assign_public_key_previous(const char *new_value, void *) { assign_key<previous_key>(new_value); }
extern "C" const char *show_public_key() {
	return current_key.text != nullptr && *current_key.text != '\0' ? "(set)" : "(unset)";
}
extern "C" const char *show_public_key_previous() {
	return previous_key.text != nullptr && *previous_key.text != '\0' ? "(set)" : "(unset)";
}
// Reads a key file into key. The file's bytes are wiped from this process once decoded. Errors name the file only
// to those who may see the setting (show_path).
void read_public_key_file(const KeySlot &slot, const char *path, bool show_path, PublicIdKey &key) {
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
		            std::string("could not read ") + slot.file_name + named + ": " + strerror(read_errno), {},
		            "The file must be readable by the operating system user the server runs as.");
	const bool valid = static_cast<std::size_t>(length) < sizeof contents &&
	                   decode_public_id_key(std::string_view(contents, static_cast<std::size_t>(length)), key);
	OPENSSL_cleanse(contents, sizeof contents);
	if (!valid)
		throw Error(ErrorCode::ConfigFileError, std::string(slot.file_name) + named + " does not hold a valid key",
		            "The file must hold the base64 of 16, 24 or 32 bytes. Its contents are not shown.");
}

// The slot's cipher, prepared on first use from its setting or else its file; nullptr when neither is set.
const KeySlot::Prepared *prepared_key(KeySlot &slot) {
	if (slot.prepared != nullptr)
		return slot.prepared;
	if (!slot.key.empty()) {
		slot.prepared = new KeySlot::Prepared{PublicIdCipher(slot.key), public_id_key_fingerprint(slot.key)};
	} else if (slot.file != nullptr && *slot.file != '\0') {
		// The path is superuser-only (GUC_SUPERUSER_ONLY): asked before any C++ object of this frame exists.
		const bool show_path = superuser() || has_privs_of_role(GetUserId(), ROLE_PG_READ_ALL_SETTINGS);
		PublicIdKey key;
		read_public_key_file(slot, slot.file, show_path, key);
		slot.prepared = new KeySlot::Prepared{PublicIdCipher(key), public_id_key_fingerprint(key)};
	}
	return slot.prepared;
}

// A reload may have changed a file's contents even when its path stayed. Preloaded, the postmaster reads the file at
// start and at every reload, so each backend it starts holds the key of the last reload, as the sessions that were
// running do once they process it, never what the file holds between a change and the reload (parallel workers
// use no key: the functions are PARALLEL RESTRICTED). A file that cannot be read is left to each backend, which
// reports it when the key is first needed.
template <KeySlot &slot> void assign_key_file(const char *new_path) noexcept {
	forget_prepared(slot);
	const bool postmaster_reads = loaded_by_postmaster && !IsUnderPostmaster;
	if (!postmaster_reads || !slot.key.empty() || new_path == nullptr || *new_path == '\0')
		return;
	try {
		PublicIdKey key;
		read_public_key_file(slot, new_path, true, key);
		slot.prepared = new KeySlot::Prepared{PublicIdCipher(key), public_id_key_fingerprint(key)};
	} catch (...) {
		forget_prepared(slot);
	}
}
extern "C" void assign_public_key_file(const char *new_path, void *) { assign_key_file<current_key>(new_path); }
extern "C" void assign_public_key_previous_file(const char *new_path, void *) {
	assign_key_file<previous_key>(new_path);
}

emit_log_hook_type previous_emit_log_hook = nullptr;

// The key texts this process holds, which the log redacts in every message, whatever it names.
struct KnownKeys {
	std::string_view texts[3];
	std::size_t count = 0;
};
KnownKeys known_keys() noexcept {
	KnownKeys known;
	for (const char *text : {static_cast<const char *>(current_key.text), static_cast<const char *>(previous_key.text),
	                         static_cast<const char *>(last_checked_key)})
		if (text != nullptr && *text != '\0')
			known.texts[known.count++] = text;
	return known;
}

// Replaces a message field by its copy with the key's values redacted, allocated where the error data lives.
void redact_field(char *&field, const KnownKeys &known) noexcept {
	if (field == nullptr)
		return;
	const std::size_t length = redact_public_key_values(field, nullptr, 0, known.texts, known.count);
	if (length == 0)
		return;
	char *redacted = static_cast<char *>(MemoryContextAllocExtended(ErrorContext, length + 1, MCXT_ALLOC_NO_OOM));
	if (redacted == nullptr) {
		field = nullptr; // dropped: the error machinery pfrees the fields, so they must be pallocs or null
		return;
	}
	redact_public_key_values(field, redacted, length + 1, known.texts, known.count);
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

// Whether the statement being run names the key or calls set_config: scanned once per statement, not once per
// message (a statement of many megabytes may be logged with many messages at debug levels). A statement is known
// by its text's address and length and its start time: the next one may reuse the buffer with the same length.
bool query_mentions_public_key() noexcept {
	static const char *scanned = nullptr;
	static std::size_t scanned_length = 0;
	static TimestampTz scanned_start = 0;
	static bool mentions = false;
	if (debug_query_string == nullptr)
		return false;
	const std::size_t length = strlen(debug_query_string);
	const TimestampTz start = GetCurrentStatementStartTimestamp();
	if (debug_query_string != scanned || length != scanned_length || start != scanned_start) {
		mentions = mentions_public_key(std::string_view(debug_query_string, length));
		scanned = debug_query_string;
		scanned_length = length;
		scanned_start = start;
	}
	return mentions;
}

// The server log never holds the key: PostgreSQL logs a reloaded setting's new value, and log_statement and
// errors log statements such as SET or ALTER SYSTEM with the key in them.
// Redacts before any earlier hook runs, so a hook that ships messages elsewhere never sees the key either.
extern "C" void redact_public_key_in_log(ErrorData *edata) {
	if (edata->output_to_server) {
		// A statement naming the key may take it from a bind parameter, which log_statement lists in the DETAIL
		// ("Parameters: $1 = '...'") and an error in the CONTEXT ("... with parameters: $1 = '...'").
		const bool query_names_key = query_mentions_public_key();
		if (query_names_key || (edata->message != nullptr && mentions_public_key(edata->message))) {
			withhold_parameters(edata->detail);
			withhold_parameters(edata->detail_log);
			withhold_parameters(edata->context);
		}
		const KnownKeys known = known_keys();
		// Every field of text the log may show: PL/pgSQL's QUERY line is internalquery.
		for (char **field : {&edata->message, &edata->detail, &edata->detail_log, &edata->hint, &edata->context,
		                     &edata->internalquery, &edata->backtrace})
			redact_field(*field, known);
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
		CHECK_FOR_INTERRUPTS(); // the scan is linear and allocates nothing: a cancel waits for it at most that long
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

void install_redaction() {
	previous_emit_log_hook = emit_log_hook;
	emit_log_hook = redact_public_key_in_log;
	previous_process_utility_hook = ProcessUtility_hook;
	ProcessUtility_hook = redact_public_key_in_utility;
}

// Preloaded, the hooks go in once every library of shared_preload_libraries has installed its own, so they come
// first whatever their order ('identities,pg_stat_statements' as well as the reverse): a library that ships log
// messages elsewhere, or keeps statements, gets them redacted.
extern "C" void install_redaction_after_preloading() {
	if (previous_shmem_request_hook != nullptr)
		previous_shmem_request_hook();
	install_redaction();
}

} // namespace

void redact_public_key_in_server_log() {
	if (process_shared_preload_libraries_in_progress) {
		previous_shmem_request_hook = shmem_request_hook;
		shmem_request_hook = install_redaction_after_preloading;
	} else {
		install_redaction(); // pg_stat_statements, always preloaded, is already in place
	}
}

const PublicIdCipher &public_id_cipher() {
	const KeySlot::Prepared *current = prepared_key(current_key);
	if (current == nullptr)
		throw Error(ErrorCode::ObjectNotInPrerequisiteState, "no public id key is configured", {},
		            "Set identities.public_key (superuser only) or identities.public_key_file to the base64 of a 16-, "
		            "24- or 32-byte AES key.");
	return current->cipher;
}

PublicIdCiphers public_id_ciphers() {
	const PublicIdCipher &current = public_id_cipher();
	const KeySlot::Prepared *previous = prepared_key(previous_key);
	if (previous != nullptr && previous->fingerprint == current_key.prepared->fingerprint)
		throw Error(ErrorCode::InvalidParameterValue,
		            "identities.public_key_previous holds the same key as identities.public_key",
		            "The previous key only reads public ids made before the current key. The keys are not shown.",
		            "Set identities.public_key_previous (or its file) to the key the current one replaced, or reset it.");
	return {&current, previous != nullptr ? &previous->cipher : nullptr};
}

std::optional<std::string> public_key_fingerprint(bool previous) {
	const KeySlot::Prepared *prepared = prepared_key(previous ? previous_key : current_key);
	if (prepared == nullptr)
		return std::nullopt;
	return prepared->fingerprint;
}

void define_public_key_settings() {
	loaded_by_postmaster = process_shared_preload_libraries_in_progress;
	current_key.defining = true;
	DefineCustomStringVariable(
	    "identities.public_key", "The AES key of public ids: base64 of 16, 24 or 32 bytes.",
	    "Superusers only. Never shown: SHOW and current_setting() say (set) or (unset). Wins over "
	    "identities.public_key_file.",
	    &current_key.text, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE, check_public_key,
	    assign_public_key, show_public_key);
	current_key.defining = false;
	DefineCustomStringVariable(
	    "identities.public_key_file",
	    "A file holding the base64 AES key of public ids, read when identities.public_key is empty.",
	    "Read again after the server reloads its configuration.", &current_key.file, "", PGC_SIGHUP,
	    GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE, nullptr, assign_public_key_file, nullptr);
	previous_key.defining = true;
	DefineCustomStringVariable(
	    "identities.public_key_previous",
	    "The key public ids were made under before identities.public_key: read, never used to make them.",
	    "For a key rotation. Superusers only, never shown, as identities.public_key. Wins over "
	    "identities.public_key_previous_file.",
	    &previous_key.text, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE,
	    check_public_key_previous, assign_public_key_previous, show_public_key_previous);
	previous_key.defining = false;
	DefineCustomStringVariable(
	    "identities.public_key_previous_file",
	    "A file holding the base64 previous key, read when identities.public_key_previous is empty.",
	    "Read again after the server reloads its configuration.", &previous_key.file, "", PGC_SIGHUP,
	    GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE, nullptr, assign_public_key_previous_file, nullptr);
}

} // namespace identities::pg
