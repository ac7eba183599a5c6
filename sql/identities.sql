-- identities: distributed identifiers for PostgreSQL.
\echo Use "CREATE EXTENSION identities" to load this file. \quit

