// The same adapters through require() (a CommonJS application, or drizzle-kit loading a schema): the "require"
// conditions of identities-pg's exports, whose declarations resolve drizzle-orm's and Kysely's CommonJS types.
// Compiled with the rest (tsc --strict fails on any mismatch), never run.
import drizzleOrm = require('drizzle-orm')
import pgCore = require('drizzle-orm/pg-core')
import identitiesDrizzle = require('identities-pg/drizzle')
import identitiesKysely = require('identities-pg/kysely')
import type { Kysely } from 'kysely'

export const rides = pgCore.pgTable('rides', {
  id: identitiesDrizzle.distributedid('id').primaryKey().default(drizzleOrm.sql`distributedid_generate()`),
  trip: identitiesDrizzle.iuid('trip'),
  ref: identitiesDrizzle.siq('ref'),
})
export const lastHour: drizzleOrm.SQL = identitiesDrizzle.within(rides.id, new Date(Date.now() - 3_600_000), null)
export const ride: typeof rides.$inferInsert = { trip: '01a20942-04f9-8001-8086-1378e8435031', ref: 255n }

interface Database {
  rides: { id: identitiesKysely.WithDefault<identitiesKysely.DistributedIdColumn>; ref: identitiesKysely.SiqColumn }
}
export function kyselyForms(db: Kysely<Database>) {
  return db.selectFrom('rides').select('id').where('ref', '=', identitiesKysely.siq(255n))
    .where(identitiesKysely.within('rides.id', new Date(0), null))
}
