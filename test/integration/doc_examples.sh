# The documents' SQL examples, as a reader pastes them (test/doc_examples.py): README.md and doc/*.md run top to
# bottom, each in a fresh database, on a server configured as the documents recommend (identities preloaded, the
# public-id key in a file), and every output they show must be what the server prints. doc/portable.md runs in a
# database where the portable edition is installed, by its script, and no native one.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
cd "$IDENTITIES_ROOT"
port=55443
key_file=$IDENTITIES_WORK/docs.key
echo 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
servers_stopped_on_exit
start_server docs $port yes "identities.public_key_file = '$key_file'" "TimeZone = 'UTC'"
# The documents are copied where the postgres user can read them.
copy=$IDENTITIES_WORK/documents
documents=$(cd doc && ls *.md)
as_postgres mkdir -p "$copy"
for file in README.md doc/*.md test/doc_examples.py; do as_postgres tee "$copy/$(basename "$file")" <"$file" >/dev/null; done
portable=$(portable_edition)
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS portable_template' -c 'CREATE DATABASE portable_template' >/dev/null
psql_on $port -d portable_template -f "$portable/identities_portable.sql" >/dev/null
(cd "$copy" && as_postgres python3 doc_examples.py --template portable.md=portable_template \
	--psql "$PG_BIN/psql -h $IDENTITIES_WORK -p $port -U postgres" README.md $documents)
