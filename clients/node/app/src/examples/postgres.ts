import postgres from 'postgres'
import { identitiesTypes } from 'identities-pg/postgres'

const lookup = postgres({ max: 1 })
const sql = postgres({ types: await identitiesTypes(lookup) }) // the types' oids in this database
await lookup.end()
const ride = await sql.begin(async (sql) => {
  await sql`CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
                                     trip iuid, ref siq) ON COMMIT DROP`
  const [made] = await sql<{ id: bigint; ref: bigint }[]>`INSERT INTO rides (trip, ref)
    VALUES (${sql.typed.iuid('01a20942-04f9-8001-8086-1378e8435031')}, ${sql.typed.siq(2n ** 100n)})
    RETURNING id, ref`
  const [found] = await sql<{ trip: string }[]>`SELECT trip FROM rides WHERE id = ${sql.typed.distributedid(made.id)}`
  return { ...made, trip: found.trip }
})
console.log(`ride ${ride.id} (a ${typeof ride.id}): trip ${ride.trip}, ref ${ride.ref === 2n ** 100n}`)
await sql.end()
