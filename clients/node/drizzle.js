'use strict'
// Drizzle ORM (drizzle-orm/pg-core) column types for the identities extension's types, for either of Drizzle's
// PostgreSQL drivers (node-postgres, postgres.js). drizzle.mjs is the same for ES modules.
//
//   const { distributedid, siq, iuid, within } = require('identities-pg/drizzle')
//   const rides = pgTable('rides', {
//     id: distributedid('id').primaryKey().default(sql`distributedid_generate()`),
//     ref: siq('ref'), trip: iuid('trip'), tags: siq('tags').array(),
//   })
//   await db.select().from(rides).where(within(rides.id, from, to))
//
// Values: distributedid and siq are BigInts, iuid a string (the canonical uuid). What is written or compared is
// checked before it is sent (RangeError, TypeError) and sent as the type's text form (a siq as its hex digits).

const { customType } = require('drizzle-orm/pg-core')
const { sql } = require('drizzle-orm')
const { drizzleColumns } = require('./core.js')

const distributedid = customType(drizzleColumns.distributedid)
const siq = customType(drizzleColumns.siq)
const iuid = customType(drizzleColumns.iuid)

// "Made between from and to", on the id itself: the README's time window (`id <@ tstzrange(from, to)`), which the
// planner turns into a range on the primary key. from/to: Dates, ISO strings, null (unbounded) or sql``.
function within(column, from, to) {
  return sql`${column} <@ tstzrange(${from}::timestamptz, ${to}::timestamptz)`
}

module.exports = { distributedid, siq, iuid, within }
