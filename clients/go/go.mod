module pgxn.org/dist/identities/clients/go

go 1.25.0

// Tested with Debian's golang-github-jackc-pgx-v5-dev 5.9.2; `go mod tidy` adds pgx's own requirements.
require github.com/jackc/pgx/v5 v5.9.2
