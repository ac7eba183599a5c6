import { sql } from 'drizzle-orm'
import { integer, pgTable } from 'drizzle-orm/pg-core'
import { distributedid, iuid, siq } from 'identities-pg/drizzle'

export const rides = pgTable('rides', {
  id: distributedid('id').primaryKey().default(sql`distributedid_generate()`),
  trip: iuid('trip').default(sql`iuid_generate(1, 2)`),
  ref: siq('ref').default(sql`siq_generate('user')`),
  tags: siq('tags').array(),
  fare: integer('fare'),
})
