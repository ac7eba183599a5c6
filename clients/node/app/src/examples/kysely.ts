import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { register } from 'identities-pg'
import {
  siq, within, type DistributedIdColumn, type IuidColumn, type SiqColumn, type WithDefault,
} from 'identities-pg/kysely'

interface Database {
  kysely_rides: {
    id: WithDefault<DistributedIdColumn> // DEFAULT distributedid_generate()
    trip: IuidColumn | null
    ref: SiqColumn
  }
}

const pool = new pg.Pool() // libpq's PG* variables
await register(pool) // before the pool's first query: every connection it opens parses the types
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
await db.schema.createTable('kysely_rides').ifNotExists()
  .addColumn('id', sql`distributedid`, (c) => c.primaryKey().defaultTo(sql`distributedid_generate()`))
  .addColumn('trip', sql`iuid`)
  .addColumn('ref', sql`siq`, (c) => c.notNull())
  .execute()
const ride = await db.insertInto('kysely_rides')
  .values({ trip: '01a20942-04f9-8001-8086-1378e8435031', ref: siq(2n ** 100n) }) // siq(): hex on the wire
  .returningAll().executeTakeFirstOrThrow()
const found = await db.selectFrom('kysely_rides').selectAll()
  .where('id', '=', ride.id).where('ref', '=', siq(2n ** 100n)).executeTakeFirstOrThrow()
const lastHour = await db.selectFrom('kysely_rides').select((eb) => eb.fn.countAll<string>().as('n'))
  .where(within('kysely_rides.id', new Date(Date.now() - 3600_000), new Date())).executeTakeFirstOrThrow()
console.log(`ride ${found.id} (a ${typeof found.id}): trip ${found.trip}, ref ${found.ref === 2n ** 100n}, ` +
  `${lastHour.n} made in the last hour`)
await db.destroy()
