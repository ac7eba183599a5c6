// Drizzle ORM (drizzle-orm/pg-core) column types for the identities extension's types: the ES module twin of
// drizzle.js (an application's imports and drizzle-kit's requires each get the drizzle-orm they use).
import { customType } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import core from './core.js'

export const distributedid = customType(core.drizzleColumns.distributedid)
export const siq = customType(core.drizzleColumns.siq)
export const iuid = customType(core.drizzleColumns.iuid)

// "Made between from and to", on the id itself: `id <@ tstzrange(from, to)`, a range on the primary key.
export function within(column, from, to) {
  return sql`${column} <@ tstzrange(${from}::timestamptz, ${to}::timestamptz)`
}
