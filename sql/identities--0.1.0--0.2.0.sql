-- identities 0.1.0 to 0.2.0
\echo Use "ALTER EXTENSION identities UPDATE TO '0.2.0'" to load this file. \quit
