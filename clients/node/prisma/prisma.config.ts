import { defineConfig } from 'prisma/config'

// prisma generate reads only the schema; the url is for the commands that reach the database (db pull, migrate).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  datasource: { url: process.env.DATABASE_URL ?? '' },
})
