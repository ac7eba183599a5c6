# The declarations (name, arguments with their names and defaults, result) of the functions both editions have are
# written once, in the native edition's SQL. A portable part declares such a function with one line,
#   @function NAME(TYPE, ...)
# (the argument types of its native signature) followed by what is its own: language, volatility, body. portable/build
# runs
#   awk -v native=NATIVE_SQL -f portable/native_declarations.awk PORTABLE_SQL...
# which prints the portable parts with each such line replaced by the native declaration, written into the edition's
# schema (@extschema@.NAME; the native edition's own types, distributedid, iuid, siq and ulid, are this edition's domains
# there). A line naming no native function fails the build.
function fail(message) { print "portable/build: " message >"/dev/stderr"; failed = 1; exit 1 }
function trim(s) { gsub(/^[ \t\n]+|[ \t\n]+$/, "", s); return s }
# split_arguments(TEXT, ARRAY): TEXT's arguments, split at the commas outside parentheses and quotes; their count
function split_arguments(text, argument,    count, depth, quoted, i, c, current) {
	count = 0; depth = 0; quoted = 0; current = ""
	for (i = 1; i <= length(text); i++) {
		c = substr(text, i, 1)
		if (c == "'") quoted = !quoted
		else if (!quoted && c == "(") depth++
		else if (!quoted && c == ")") depth--
		else if (!quoted && depth == 0 && c == ",") { argument[++count] = trim(current); current = ""; continue }
		current = current c
	}
	if (trim(current) != "") argument[++count] = trim(current)
	return count
}
# input_types(TEXT): the types of an argument list's input arguments, "type,type" (no names, defaults or spaces)
function input_types(text,    argument, count, i, a, words, n, types) {
	count = split_arguments(text, argument)
	types = ""
	for (i = 1; i <= count; i++) {
		a = argument[i]
		if (a ~ /^OUT /) continue
		sub(/^IN /, "", a)
		sub(/ (DEFAULT|=) .*$/, "", a)
		n = split(a, words, /[ \t\n]+/)
		a = n >= 2 ? substr(a, index(a, words[2])) : a # the first of two words or more is the argument's name
		gsub(/@extschema@\.|[ \t\n]/, "", a)
		types = types (types == "" ? "" : ",") a
	}
	return types
}
# qualified(TEXT): TEXT with the native edition's types written in the schema
function qualified(text,    type, out, rest, at) {
	for (type in own_type) {
		out = ""; rest = text
		while (match(rest, "(^|[^a-z0-9_.@])" type "([^a-z0-9_(]|$)")) {
			at = RSTART + (substr(rest, RSTART, 1) ~ /[a-z0-9_]/ ? 0 : 1)
			out = out substr(rest, 1, at - 1) "@extschema@." type
			rest = substr(rest, at + length(type))
		}
		text = out rest
	}
	return text
}
BEGIN {
	statement = ""
	while ((getline line < native) > 0) {
		if (line ~ /^CREATE TYPE [a-z_0-9]+/) { split(line, w, /[ (]/); own_type[w[3]] = 1 }
		if (statement == "" && line !~ /^CREATE (OR REPLACE )?FUNCTION /) continue
		statement = statement (statement == "" ? "" : "\n") line
		# until the argument list's parenthesis closes
		opened = gsub(/\(/, "(", statement); closed = gsub(/\)/, ")", statement)
		if (opened > closed) continue
		header = statement; statement = ""
		sub(/^CREATE (OR REPLACE )?FUNCTION /, "", header)
		name = substr(header, 1, index(header, "(") - 1)
		depth = 0
		for (i = index(header, "("); i <= length(header); i++) {
			c = substr(header, i, 1)
			if (c == "(") depth++
			else if (c == ")" && --depth == 0) break
		}
		arguments = substr(header, index(header, "(") + 1, i - index(header, "(") - 1)
		result = substr(header, i + 1)
		sub(/[ \t]+(AS|LANGUAGE|IMMUTABLE|STABLE|VOLATILE|STRICT|PARALLEL|SET|RETURN|BEGIN)( .*)?$/, "", result)
		key = name "(" input_types(arguments) ")"
		declaration[key] = name "(" arguments ")" result
	}
	close(native)
	if (length(own_type) == 0) fail("no CREATE TYPE in the native edition's SQL (" native ")")
}
/^@function / {
	key = $0
	sub(/^@function /, "", key)
	gsub(/@extschema@\.|[ \t]/, "", key)
	if (!(key in declaration)) fail("@function " key ": the native edition declares no such function")
	print "CREATE FUNCTION @extschema@." qualified(declaration[key])
	next
}
{ print }
