import { defineConfig } from 'drizzle-kit'

// libpq's PG* variables (a Unix socket directory in PGHOST works); IDENTITIES_DRIZZLE_OUT: where the migrations go.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/examples/drizzle-schema.ts',
  out: process.env.IDENTITIES_DRIZZLE_OUT ?? './drizzle',
  dbCredentials: {
    host: process.env.PGHOST ?? 'localhost',
    port: Number(process.env.PGPORT ?? 5432),
    user: process.env.PGUSER,
    database: process.env.PGDATABASE ?? 'postgres',
    ssl: false,
  },
})
