# The SQL template expander of both editions (the Makefile's install and upgrade scripts, portable/build's parts):
#   awk -v templates=DIR [-v parts=DIR] [-v formats=FILE [-v schema=PREFIX]] -f sql/expand.awk FILE...
# copies the files, replacing each `-- @expand <template> NAME=value...` line by DIR/<template>.sql.in with every
# @NAME@ set, each `-- @include <part>.sql` line (with parts=DIR) by DIR/<part>.sql whole, and each
# `-- @format_catalog` line (with formats=FILE, formats.tsv) by the VALUES of identities_formats, one row per
# format that has ids, its own type written after PREFIX (the portable edition's @extschema@.).
function expand_line(line) {
	if (line ~ /^-- @format_catalog$/) format_catalog()
	else print line
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
/^-- @expand / {
	template = templates "/" $3 ".sql.in"
	if (system("test -r " template) != 0) { print "no template " template >"/dev/stderr"; exit 1 }
	while ((getline line < template) > 0) {
		for (i = 4; i <= NF; i++) { split($i, pair, "="); gsub("@" pair[1] "@", pair[2], line) }
		print line
	}
	close(template)
	next
}
/^-- @include / && parts != "" {
	part = parts "/" $3
	if (system("test -r " part) != 0) { print "no part " part >"/dev/stderr"; exit 1 }
	while ((getline line < part) > 0) expand_line(line)
	close(part)
	next
}
{ expand_line($0) }
