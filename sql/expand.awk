# The SQL template expander of both editions (the Makefile's install and upgrade scripts, portable/build's parts):
#   awk -v templates=DIR [-v parts=DIR] -f sql/expand.awk FILE...
# copies the files, replacing each `-- @expand <template> NAME=value...` line by DIR/<template>.sql.in with every
# @NAME@ set, and each `-- @include <part>.sql` line (with parts=DIR) by DIR/<part>.sql whole.
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
	while ((getline line < part) > 0) print line
	close(part)
	next
}
{ print }
