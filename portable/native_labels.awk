# The labels (COMMENT ON FUNCTION) of the functions both editions have are written once, in the native edition's
# SQL: portable/build runs
#   awk -v own=portable/own-labels.tsv -f portable/native_labels.awk NATIVE_SQL PORTABLE_SQL
# over the two editions' expanded parts and prints a DO block giving each native label, when the script runs, to
# the portable function of the same signature (the portable edition's own types, over base types, standing for the
# native ones). A portable part may label such a function itself only to say something else: a label of its own
# that repeats the native one, or that portable/own-labels.tsv (signature, tab, why) does not name, fails the
# build, as does a line of that list naming no such label.
function signature(statement,    s) {
	s = statement
	sub(/^COMMENT ON FUNCTION /, "", s)
	sub(/\) IS '.*$/, ")", s)
	gsub(/@extschema@\./, "", s)
	gsub(/ /, "", s)
	return s
}
function label(statement,    s) {
	s = statement
	sub(/^[^']* IS '/, "", s)
	sub(/';$/, "", s)
	return s
}
function fail(message) { print "portable/build: " message >"/dev/stderr"; failed = 1; exit 1 }
BEGIN {
	while ((getline line < own) > 0) {
		if (line ~ /^#/ || line == "") continue
		split(line, field, "\t")
		if (field[2] == "") fail("portable/own-labels.tsv: no reason for " field[1])
		listed[field[1]] = 1
	}
	close(own)
}
FNR == 1 { file++ }
# the native edition's own types (CREATE TYPE), which are this edition's domains, in its schema
file == 1 && /^CREATE TYPE [a-z_0-9]+/ { split($0, word, /[ (;]/); own_type[word[3]] = 1 }
!/^COMMENT ON FUNCTION .* IS '.*';$/ { next }
file == 1 { key = signature($0); if (!(key in native)) order[count++] = key; native[key] = label($0); next }
file == 2 { portable[signature($0)] = label($0) }
END {
	if (failed) exit 1
	for (key in portable) {
		if (!(key in native)) continue
		if (portable[key] == native[key]) fail("portable/sql repeats the native label of " key " (sql/ gives it; take it out)")
		if (!(key in listed)) fail("portable/sql labels " key " otherwise than sql/ does: name it in portable/own-labels.tsv, with why")
	}
	for (key in listed)
		if (!(key in portable) || !(key in native)) fail("portable/own-labels.tsv names " key ", which the portable edition does not label otherwise than sql/")
	print ""
	print "-- The native edition's labels of the functions this edition has (sql/), where it has none of its own."
	print "DO $native_labels$"
	print "DECLARE"
	print "\tnative record;"
	print "BEGIN"
	print "\tFOR native IN SELECT to_regprocedure(signature) AS function, label FROM (VALUES"
	rows = 0
	for (i = 0; i < count; i++) {
		key = order[i]
		if (key in portable) continue
		qualified = key
		arguments = substr(qualified, index(qualified, "(") + 1)
		# the edition's own types are written with its schema (the search_path is pg_catalog's only)
		n = split(substr(arguments, 1, length(arguments) - 1), type, ",")
		arguments = ""
		for (j = 1; j <= n; j++)
			arguments = arguments (j > 1 ? ", " : "") (type[j] in own_type ? "@extschema@." : "") type[j]
		qualified = "@extschema@." substr(key, 1, index(key, "(")) arguments ")"
		printf "\t\t%s('%s', '%s')\n", (rows++ ? ", " : ""), qualified, native[key]
	}
	print "\t) AS labels (signature, label)"
	print "\tLOOP"
	print "\t\tIF native.function IS NOT NULL THEN -- not a native-only function (portable/native-only.tsv)"
	print "\t\t\tEXECUTE format('COMMENT ON FUNCTION %s IS %L', native.function, native.label);"
	print "\t\tEND IF;"
	print "\tEND LOOP;"
	print "END"
	print "$native_labels$;"
}
