import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { within } from 'identities-pg/drizzle'
import { rides } from './drizzle-schema.js' // the table drizzle-kit migrate created

const db = drizzle({ connection: {} }) // a pg Pool on libpq's PG* variables
const [ride] = await db.insert(rides).values({ fare: 12, tags: [2n ** 100n] }).returning()
const [found] = await db.select().from(rides).where(eq(rides.id, ride.id)) // the primary key
const lastHour = await db.select().from(rides)
  .where(within(rides.id, new Date(Date.now() - 3600_000), new Date()))
console.log(`ride ${found.id} (a ${typeof found.id}): trip ${found.trip}, ref ${found.ref}, ` +
  `${lastHour.length} made in the last hour`)
await db.$client.end()
