import pg from 'pg'
import { register, siq } from 'identities-pg'

const client = new pg.Client() // libpq's PG* variables
await client.connect()
await register(client) // this client's results: distributedid and siq as BigInt, iuid as string
await client.query(`CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
                                             trip iuid, ref siq)`)
const { rows: [ride] } = await client.query<{ id: bigint; ref: bigint }>(
  'INSERT INTO rides (trip, ref) VALUES ($1, $2) RETURNING id, ref',
  ['01a20942-04f9-8001-8086-1378e8435031', siq(2n ** 100n)]) // siq(): its text form is hex
const { rows: [found] } = await client.query<{ trip: string }>('SELECT trip FROM rides WHERE id = $1', [ride.id])
console.log(`ride ${ride.id} (a ${typeof ride.id}): trip ${found.trip}, ref ${ride.ref === 2n ** 100n}`)
await client.end()
