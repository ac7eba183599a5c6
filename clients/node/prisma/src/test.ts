// Prisma ORM 7 with @prisma/adapter-pg on distributedid, iuid and siq columns, mapped to Decimal and String (see
// prisma/schema.prisma), against a real server; identities-pg (installed from its tarball) parses raw results.
//   node dist/test.js     (libpq's PG* variables; makes and drops its own database, identities_node_prisma)
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { PrismaPg } from '@prisma/adapter-pg'
import { parseText, siq } from 'identities-pg'
import { PrismaClient } from './generated/client.js'
import { assertUsesIndex, check, counts } from './check.js'

const DATABASE = 'identities_node_prisma'
const app = join(import.meta.dirname, '..')

async function withClient<T>(database: string | undefined, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(database ? { database } : {})
  await client.connect()
  try {
    return await body(client)
  } finally {
    await client.end()
  }
}

async function main(): Promise<void> {
  await withClient(undefined, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`)
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  })
  await withClient(DATABASE, (client) => client.query(`CREATE EXTENSION identities;
    CREATE TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
                        trip iuid, ref siq DEFAULT siq_generate('user'), tags siq[], fare int)`))

  await check('the README (as packed) shows the Prisma example as it runs', () => {
    const readme = readFileSync(join(app, 'node_modules', 'identities-pg', 'README.md'), 'utf8')
    const source = readFileSync(join(app, 'src', 'example.ts'), 'utf8')
    assert.ok(readme.includes('```ts\n' + source + '```\n'), 'not found in README.md, byte for byte')
  })
  await check("the README (as packed) shows prisma/schema.prisma's model as the tests use it", () => {
    const readme = readFileSync(join(app, 'node_modules', 'identities-pg', 'README.md'), 'utf8')
    const model = /^model rides \{\n[^]*?^\}\n/m.exec(readFileSync(join(app, 'prisma', 'schema.prisma'), 'utf8'))
    assert.ok(model && readme.includes('```prisma\n' + model[0] + '```\n'), 'not found in README.md, byte for byte')
  })
  await check('the Prisma example runs', () => {
    const output = execFileSync('node', [join(app, 'dist', 'example.js')],
      { env: { ...process.env, PGDATABASE: DATABASE }, encoding: 'utf8' })
    const last = output.trim().split('\n').pop() ?? ''
    assert.match(last, /^ride \d{28} \(a bigint in raw SQL\): trip [0-9a-f-]{36}, ref true, 1 made in the last day$/)
    return last
  })

  // Every statement Prisma sends, to EXPLAIN it as it was sent: the adapter hands node-postgres untyped text
  // parameters, so the same text and values through node-postgres plan the same way.
  const sent: Array<{ query: string; params: unknown[] }> = []
  const prisma = new PrismaClient({ adapter: new PrismaPg({ database: DATABASE }), log: [{ emit: 'event', level: 'query' }] })
  prisma.$on('query', (event) => sent.push({ query: event.query, params: JSON.parse(event.params) }))
  const explain = (statement: { query: string; params: unknown[] }) => withClient(DATABASE, async (client) => {
    await client.query('SET enable_seqscan = off') // a small table: show what the key can serve
    return (await client.query(`EXPLAIN ${statement.query}`, statement.params)).rows
  })
  const countRides = () => prisma.rides.count()
  try {
    let ride!: Awaited<ReturnType<typeof prisma.rides.create>>
    await check('Prisma: create() reads the DEFAULT-generated distributedid as an exact Decimal, the siq as its hex', async () => {
      ride = await prisma.rides.create({ data: { trip: '01a2179f-32e2-8fb2-a269-215c730e716f', fare: 1 } })
      const [text] = await prisma.$queryRaw<{ id: string; ref: string }[]>`SELECT id::numeric::text AS id,
        ref::numeric::text AS ref FROM rides WHERE fare = 1`
      assert.equal(ride.id.toFixed(), text.id)
      assert.equal(parseText.siq(ride.ref!), BigInt(text.ref))
      assert.match(ride.ref!, /^[0-9a-f]{28}$/)
    })
    await check('Prisma: findUnique() on the Decimal id and where on the siq find the row; EXPLAIN shows the primary key', async () => {
      sent.length = 0
      const found = await prisma.rides.findUnique({ where: { id: ride.id } })
      const statement = sent.find((s) => s.query.includes('WHERE'))!
      const byRef = await prisma.rides.findFirst({ where: { ref: ride.ref } })
      const byTrip = await prisma.rides.findFirst({ where: { trip: ride.trip } })
      assert.deepEqual([found, byRef, byTrip], [ride, ride, ride])
      return assertUsesIndex(await explain(statement), 'rides_pkey')
    })
    await check('Prisma: NULL columns; a siq[] column (Unsupported in the model) in raw SQL as text[] of hex', async () => {
      const made = await prisma.rides.create({ data: { ref: null, trip: null, fare: 2 } })
      assert.deepEqual([made.ref, made.trip], [null, null])
      const tags = [siq(1n << 111n).toString(), siq(255n).toString()]
      await prisma.$executeRaw`UPDATE rides SET tags = ${tags}::text[]::siq[] WHERE fare = 2`
      const [row] = await prisma.$queryRaw<{ tags: string[]; numbers: string }[]>`SELECT tags::text[] AS tags,
        tags::numeric[]::text AS numbers FROM rides WHERE fare = 2`
      assert.deepEqual(row, { tags, numbers: `{${1n << 111n},255}` })
      assert.deepEqual(row.tags.map(parseText.siq), [1n << 111n, 255n])
    })
    await check('Prisma: bad values are refused by the server, and nothing is written', async () => {
      const before = await countRides()
      const refused = async (data: Parameters<typeof prisma.rides.create>[0]['data'], message: RegExp) =>
        assert.rejects(prisma.rides.create({ data }), (e: Error) => message.test(e.message))
      await refused({ id: '-1' }, /invalid input syntax for type distributedid: "-1"/)
      await refused({ id: '10000000000000000000000000000' }, /is out of range for type distributedid/)
      await refused({ id: '1.5' }, /invalid input syntax for type distributedid: "1.5"/)
      await refused({ trip: randomUUID() }, /invalid input syntax for type iuid/) // a version 4 uuid is no iUID
      await refused({ ref: '12g' }, /invalid input syntax for type siq: "12g"/)
      assert.equal(await countRides(), before)
    })
    await check("Prisma: the README's time window in $queryRaw, parsed by identities-pg; EXPLAIN shows the primary key", async () => {
      sent.length = 0
      const rows = await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM rides
        WHERE id <@ tstzrange(${new Date(Date.now() - 86400_000)}::timestamptz, now())`
      assert.equal(rows.length, await countRides())
      assert.ok(rows.every((row) => typeof parseText.distributedid(row.id) === 'bigint'))
      return assertUsesIndex(await explain(sent[0]), 'rides_pkey')
    })
  } finally {
    await prisma.$disconnect()
  }
  await withClient(undefined, (admin) => admin.query(`DROP DATABASE ${DATABASE} WITH (FORCE)`))
}

main()
  .catch((error) => {
    counts.failed++
    console.log(`not ok - the Prisma checks could not run: ${String(error?.stack ?? error).replace(/\s+/g, ' ')}`)
  })
  .finally(() => {
    console.log(`# identities-pg with Prisma: ${counts.passed} ok, ${counts.failed} not ok`)
    process.exit(counts.failed ? 1 : 0)
  })
