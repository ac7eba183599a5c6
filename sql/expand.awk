# The SQL template expander of both editions (the Makefile's install and upgrade scripts, portable/build's parts):
#   awk -v templates=DIR [-v parts=DIR] [-v formats=FILE [-v schema=PREFIX]] [-v messages=FILE -v codes=FILE]
#       -f sql/expand.awk FILE...
# copies the files, replacing each `-- @expand <template> NAME=value...` line by DIR/<template>.sql.in with every
# @NAME@ set, each `-- @include <part>.sql` line (with parts=DIR) by DIR/<part>.sql whole, and each
# `-- @format_catalog` line (with formats=FILE, formats.tsv) by the VALUES of identities_formats, one row per
# format that has ids, its own type written after PREFIX (the portable edition's @extschema@.), and (with
# messages=src/core/messages.def codes=src/core/error.hpp) each `@raise NAME(arguments);` line by the RAISE of the
# error NAME.
function expand_line(line) {
	if (line ~ /^-- @format_catalog$/) format_catalog()
	else if (line ~ /^[ \t]*@raise [a-z0-9_]+\(.*\);$/) raise(line)
	else print line
}
function expansion_error(message) { print message >"/dev/stderr"; exit 1 }
# The catalog of errors (messages=src/core/messages.def) and the SQLSTATE of each ErrorCode (codes=src/core/error.hpp,
# the cases of its sqlstate()), read once.
function load_messages(    line, name, code, texts, count) {
	if (messages == "" || codes == "") expansion_error("@raise needs -v messages=FILE -v codes=FILE")
	if (system("test -r " messages " && test -r " codes) != 0) expansion_error("@raise: cannot read " messages " and " codes)
	while ((getline line < codes) > 0)
		if (match(line, /^\tcase ErrorCode::[A-Za-z]+: return "[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z]";$/)) {
			split(line, field, /[:" ]+/)
			sqlstate[field[3]] = field[5]
		}
	close(codes)
	while ((getline line < messages) > 0) {
		if (line !~ /^IDENTITIES_MESSAGE\(/) continue
		sub(/^IDENTITIES_MESSAGE\(/, "", line)
		sub(/\)$/, "", line)
		name = substr(line, 1, index(line, ", ") - 1)
		line = substr(line, length(name) + 3)
		code = substr(line, 1, index(line, ", ") - 1)
		line = substr(line, length(code) + 3)
		if (!(code in sqlstate)) expansion_error("messages: no SQLSTATE for ErrorCode " code " (" name ")")
		if (line !~ /^".*"$/ || (count = split(substr(line, 2, length(line) - 2), texts, /", "/)) != 3)
			expansion_error("messages: not three strings: " name)
		message_code[name] = sqlstate[code]
		message_text[name] = texts[1]
		message_detail[name] = texts[2]
		message_hint[name] = texts[3]
	}
	close(messages)
	messages_loaded = 1
}
# A catalog string as an SQL expression: a literal, or format() of the arguments where it has %1, %2 ...
function sql_text(text, arguments,    quoted) {
	gsub(/\\"/, "\"", text)
	gsub(/'/, "''", text)
	if (text !~ /%[1-9]/) return "'" text "'"
	if (arguments == "") expansion_error("@raise: no arguments for '" text "'")
	gsub(/%/, "%%", text)
	while (match(text, /%%[1-9]/)) text = substr(text, 1, RSTART - 1) "%" substr(text, RSTART + 2, 1) "$s" substr(text, RSTART + 3)
	return "format('" text "', " arguments ")"
}
# `@raise NAME(arguments);` (a whole line, the portable edition's PL/pgSQL): the catalog's error NAME, raised.
function raise(line,    indent, name, arguments, statement) {
	if (!messages_loaded) load_messages()
	match(line, /^[ \t]*/)
	indent = substr(line, 1, RLENGTH)
	line = substr(line, RLENGTH + 1)
	sub(/^@raise /, "", line)
	name = substr(line, 1, index(line, "(") - 1)
	arguments = substr(line, length(name) + 2)
	sub(/\);$/, "", arguments)
	if (!(name in message_code)) expansion_error("@raise: no error " name " in " messages)
	statement = "RAISE EXCEPTION USING ERRCODE = '" message_code[name] "', MESSAGE = " sql_text(message_text[name], arguments)
	if (message_detail[name] != "") statement = statement ", DETAIL = " sql_text(message_detail[name], arguments)
	if (message_hint[name] != "") statement = statement ", HINT = " sql_text(message_hint[name], arguments)
	print indent statement ";"
}
function sql_boolean(word) {
	if (word == "yes") return "true"
	if (word == "no") return "false"
	print "formats list: " word " is neither yes nor no" >"/dev/stderr"
	exit 1
}
function format_catalog(    line, field, count, type, generators, names, i) {
	if (formats == "" || system("test -r " formats) != 0) { print "no formats list for @format_catalog" >"/dev/stderr"; exit 1 }
	count = 0
	while ((getline line < formats) > 0) {
		if (line ~ /^#/ || line == "") continue
		if (split(line, field, "\t") != 9) { print "formats list: not 9 fields: " line >"/dev/stderr"; exit 1 }
		if (field[3] == "-") continue
		# a format's own type bears its name, written in its schema; the others are core's (uuid, bigint), keywords
		# that regtype reads unqualified (there is no pg_catalog.bigint)
		type = (field[3] == field[1]) ? schema field[3] : field[3]
		generators = ""
		split(field[9], names, ",")
		for (i = 1; i in names; i++) generators = generators (i > 1 ? ", " : "") "'" names[i] "'"
		print (count++ ? "\t, " : "VALUES ") "('" field[1] "', '" field[2] "', '" type "'::pg_catalog.regtype, " \
			"ARRAY[" generators "]::pg_catalog.text[], " sql_boolean(field[7]) ", " sql_boolean(field[8]) ")"
	}
	close(formats)
	if (count == 0) { print "formats list: no format with ids in " formats >"/dev/stderr"; exit 1 }
	print "\t;"
}
# `-- @expand <template> NAME=value...`: the template with every @NAME@ set.
function expand_template(directive,    words, count, template, line, i, pair) {
	count = split(directive, words, /[ \t]+/)
	template = templates "/" words[3] ".sql.in"
	if (system("test -r " template) != 0) { print "no template " template >"/dev/stderr"; exit 1 }
	while ((getline line < template) > 0) {
		for (i = 4; i <= count; i++) { split(words[i], pair, "="); gsub("@" pair[1] "@", pair[2], line) }
		print line
	}
	close(template)
}
/^-- @expand / { expand_template($0); next }
# An included part's own @expand lines expand too (a format's part in an upgrade script).
/^-- @include / && parts != "" {
	part = parts "/" $3
	if (system("test -r " part) != 0) { print "no part " part >"/dev/stderr"; exit 1 }
	while ((getline included < part) > 0) {
		if (included ~ /^-- @expand /) expand_template(included)
		else expand_line(included)
	}
	close(part)
	next
}
{ expand_line($0) }
