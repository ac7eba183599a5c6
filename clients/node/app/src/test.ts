// identities-pg as an application uses it: installed from the tarball `npm pack` makes, imported by its package
// name, with node-postgres, postgres.js, Drizzle ORM (and drizzle-kit) and Kysely, against a real server.
//   node dist/test.js     (libpq's PG* variables; the database PGDATABASE has the extension, the server preloads
//                         it; this makes and drops its own database, identities_node)
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import pg from 'pg'
import postgres from 'postgres'
import { count, eq, sql as dsql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { Kysely, PostgresDialect, sql as ksql } from 'kysely'
import { DISTRIBUTEDID_MAX, SIQ_MAX, distributedid, register } from 'identities-pg'
import { identitiesTypes } from 'identities-pg/postgres'
import { within as drizzleWithin } from 'identities-pg/drizzle'
import {
  siq as kyselySiq, within as kyselyWithin, type DistributedIdArrayColumn, type DistributedIdColumn,
  type IuidArrayColumn, type IuidColumn, type SiqArrayColumn, type SiqColumn, type WithDefault,
} from 'identities-pg/kysely'
import { rides } from './examples/drizzle-schema.js'
import { assertUsesIndex, check, counts, refuses } from './check.js'

const DATABASE = 'identities_node'
const app = join(import.meta.dirname, '..')
const env = { ...process.env, PGDATABASE: DATABASE }
// Small tables: without this the planner reads them whole, and EXPLAIN would not show what the key can serve.
const NO_SEQSCAN = '-c enable_seqscan=off'
const v4 = randomUUID() // a uuid that is no iUID
const iuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`
const someIuid = () => iuidOf(randomUUID().replace(/-/g, ''))

async function withAdmin<T>(body: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const client = new pg.Client(database ? { database } : {})
  await client.connect()
  try {
    return await body(client)
  } finally {
    await client.end()
  }
}

async function main(): Promise<void> {
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`)
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  })
  await withAdmin((client) => client.query('CREATE EXTENSION identities'), DATABASE)

  await packageChecks()
  await drizzleKitChecks()
  await exampleChecks()
  await postgresJsChecks()
  await drizzleChecks()
  await kyselyChecks()

  await withAdmin((admin) => admin.query(`DROP DATABASE ${DATABASE} WITH (FORCE)`))
}

// ---- the package, installed ------------------------------------------------------------------------------------
async function packageChecks(): Promise<void> {
  await check('identities-pg resolves by its package name from node_modules, each entry point for import and require', () => {
    const require = createRequire(import.meta.url)
    const installed = join(app, 'node_modules', 'identities-pg')
    assert.equal(require.resolve('identities-pg'), join(installed, 'index.js'))
    assert.equal(require.resolve('identities-pg/postgres'), join(installed, 'postgres.js'))
    assert.equal(require.resolve('identities-pg/drizzle'), join(installed, 'drizzle.js'))
    assert.equal(require.resolve('identities-pg/kysely'), join(installed, 'kysely.js'))
    assert.equal(import.meta.resolve('identities-pg/drizzle'), `file://${join(installed, 'drizzle.mjs')}`)
    assert.equal(import.meta.resolve('identities-pg/kysely'), `file://${join(installed, 'kysely.mjs')}`)
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
    assert.equal(`${manifest.name}@${manifest.version}`, 'identities-pg@0.2.0')
    assert.ok(!existsSync(join(installed, 'test.js')), 'the tests are not in the package')
  })
}

// ---- drizzle-kit: generate a migration from the schema, then apply it -------------------------------------------
async function drizzleKitChecks(): Promise<void> {
  const out = join(app, 'drizzle-migrations')
  rmSync(out, { recursive: true, force: true })
  const kit = (command: string) => execFileSync('npx', ['drizzle-kit', command], {
    cwd: app, env: { ...env, IDENTITIES_DRIZZLE_OUT: out }, encoding: 'utf8', stdio: 'pipe' })
  await check('drizzle-kit generate writes the columns with their types and DEFAULTs (offline)', () => {
    kit('generate')
    const migration = readdirSync(out).filter((f) => f.endsWith('.sql')).map((f) => readFileSync(join(out, f), 'utf8')).join('')
    for (const line of ['"id" "distributedid" PRIMARY KEY DEFAULT distributedid_generate() NOT NULL',
      '"trip" "iuid" DEFAULT iuid_generate(1, 2)', `"ref" "siq" DEFAULT siq_generate('user')`, '"tags" "siq"[]']) {
      assert.ok(migration.includes(line), `${line} in ${migration}`)
    }
  })
  await check('drizzle-kit migrate applies it: the table has the types, the DEFAULTs and the primary key', async () => {
    kit('migrate')
    const columns = await withAdmin(async (client) => (await client.query(`
      SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, pg_get_expr(d.adbin, d.adrelid) AS def
        FROM pg_attribute a LEFT JOIN pg_attrdef d ON (d.adrelid, d.adnum) = (a.attrelid, a.attnum)
       WHERE a.attrelid = 'rides'::regclass AND a.attnum > 0 ORDER BY a.attnum`)).rows, DATABASE)
    assert.deepEqual(columns, [
      { attname: 'id', type: 'distributedid', def: 'distributedid_generate()' },
      { attname: 'trip', type: 'iuid', def: 'iuid_generate(1, 2)' },
      { attname: 'ref', type: 'siq', def: "siq_generate('user'::text)" },
      { attname: 'tags', type: 'siq[]', def: null },
      { attname: 'fare', type: 'integer', def: null },
    ])
  })
}

// ---- the README's programs: each runs, and the README shows it as it is -----------------------------------------
async function exampleChecks(): Promise<void> {
  const readme = readFileSync(join(app, 'node_modules', 'identities-pg', 'README.md'), 'utf8')
  for (const name of ['node-postgres', 'postgres', 'drizzle-schema', 'drizzle', 'kysely']) {
    await check(`the README (as packed) shows examples/${name}.ts as it runs`, () => {
      const source = readFileSync(join(app, 'src', 'examples', `${name}.ts`), 'utf8')
      assert.ok(readme.includes('```ts\n' + source + '```\n'), 'not found in README.md, byte for byte')
    })
    if (name === 'drizzle-schema') continue
    await check(`examples/${name}.ts runs`, () => {
      const output = execFileSync('node', [join(app, 'dist', 'examples', `${name}.js`)], { env, encoding: 'utf8' })
      const last = output.trim().split('\n').pop() ?? ''
      assert.match(last, /^ride \d{28} \(a bigint\): trip [0-9a-f-]{36}, ref /)
      return last
    })
  }
}

// ---- postgres.js --------------------------------------------------------------------------------------------------
async function postgresJsChecks(): Promise<void> {
  const lookup = postgres({ max: 1, database: DATABASE })
  const types = await identitiesTypes(lookup)
  await lookup.end()
  const sql = postgres({ database: DATABASE, types, connection: { enable_seqscan: 'off' } })
  try {
    await sql`CREATE TABLE pj_rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
      ref siq DEFAULT siq_generate('user'), trip iuid DEFAULT iuid_generate(3, 4), made uuid DEFAULT uuidv7_generate(),
      flake bigint DEFAULT snowflake_generate(), ids distributedid[], refs siq[], trips iuid[])`
    type Ride = { id: bigint; ref: bigint | null; trip: string | null; made: string; flake: string
      ids: Array<bigint | null> | null; refs: Array<bigint | null> | null; trips: Array<string | null> | null }
    let ride!: Ride
    await check('postgres.js: DEFAULT-generated ids read back as BigInt (distributedid, siq) and string (iuid, uuid)', async () => {
      ;[ride] = await sql<Ride[]>`INSERT INTO pj_rides DEFAULT VALUES RETURNING *`
      const [text] = await sql`SELECT id::numeric::text AS id, ref::numeric::text AS ref, trip::text AS trip
        FROM pj_rides WHERE id = ${sql.typed.distributedid(ride.id)}`
      assert.equal(typeof ride.id, 'bigint')
      assert.equal(typeof ride.ref, 'bigint')
      assert.deepEqual([String(ride.id), String(ride.ref), ride.trip], [text.id, text.ref, text.trip])
      assert.match(ride.made, /^[0-9a-f]{8}-[0-9a-f]{4}-7/)
    })
    await check('postgres.js: typed parameters find the row through the primary key (EXPLAIN)', async () => {
      const byId = await sql`SELECT ref FROM pj_rides WHERE id = ${sql.typed.distributedid(ride.id)}`
      const byRef = await sql`SELECT id FROM pj_rides WHERE ref = ${sql.typed.siq(ride.ref!)}`
      const byTrip = await sql`SELECT id FROM pj_rides WHERE trip = ${sql.typed.iuid(ride.trip!)}`
      // a string or a Number is typed by the server (postgres.js asks it), then checked by the serializer
      const byText = await sql`SELECT id FROM pj_rides WHERE id = ${String(ride.id)}`
      assert.deepEqual([byId[0].ref, byRef[0].id, byTrip[0].id, byText[0].id], [ride.ref, ride.id, ride.id, ride.id])
      return assertUsesIndex(await sql`EXPLAIN SELECT * FROM pj_rides WHERE id = ${sql.typed.distributedid(ride.id)}`,
        'pj_rides_pkey')
    })
    await check('postgres.js: arrays of each type, with NULL elements, and NULL columns', async () => {
      const ids = [0n, null, DISTRIBUTEDID_MAX]
      const refs = [SIQ_MAX, null, 255n] // 255: hex on the wire, so 0xff and not 0x255
      const trips = [someIuid(), null]
      const [row] = await sql<Ride[]>`INSERT INTO pj_rides (ref, trip, ids, refs, trips) VALUES (NULL, NULL,
        ${sql.array(ids, types.distributedid.to)}, ${sql.array(refs, types.siq.to)},
        ${sql.array(trips, types.iuid.to)}) RETURNING *`
      assert.deepEqual([row.ref, row.trip, row.ids, row.refs, row.trips], [null, null, ids, refs, trips])
      const [text] = await sql`SELECT refs::numeric[]::text AS refs FROM pj_rides WHERE id = ${sql.typed.distributedid(row.id)}`
      assert.equal(text.refs, `{${SIQ_MAX},NULL,255}`)
    })
    await check('postgres.js: bad values are refused before anything is sent (RangeError, TypeError)', async () => {
      const [before] = await sql`SELECT count(*)::int AS n FROM pj_rides`
      await refuses(() => sql`INSERT INTO pj_rides (id) VALUES (${sql.typed.distributedid(-1n)})`, RangeError, /out of range for a distributedid/)
      await refuses(() => sql`INSERT INTO pj_rides (id) VALUES (${sql.typed.distributedid(10n ** 28n)})`, RangeError, /out of range/)
      await refuses(() => sql`INSERT INTO pj_rides (id) VALUES (${sql.typed.distributedid(1.5 as unknown as bigint)})`, RangeError, /not a safe integer/)
      await refuses(() => sql`INSERT INTO pj_rides (ref) VALUES (${sql.typed.siq(1n << 112n)})`, RangeError, /out of range for a siq/)
      await refuses(() => sql`INSERT INTO pj_rides (trip) VALUES (${sql.typed.iuid(v4)})`, TypeError, /not an iuid/)
      await refuses(() => sql`INSERT INTO pj_rides (id) VALUES (${'12.5'})`, TypeError, /not a distributedid/)
      await refuses(() => sql`INSERT INTO pj_rides (ids) VALUES (${sql.array([1n, -2n], types.distributedid.to)})`,
        RangeError, /-2 is out of range/)
      const [after] = await sql`SELECT count(*)::int AS n FROM pj_rides`
      assert.equal(after.n, before.n)
    })
    await check('postgres.js: a plain BigInt goes as a bigint: right by value, a real id refused (22003), never misread', async () => {
      const [small] = await sql`SELECT ${255n}::numeric::siq = 'ff'::siq AS same`
      assert.equal(small.same, true)
      await assert.rejects(sql`SELECT id FROM pj_rides WHERE id = ${ride.id}`, (e: { code?: string }) => e.code === '22003')
    })
    await check("postgres.js: the README's time window on the primary key (id <@ tstzrange(now() - 1 day, now()))", async () => {
      const [window] = await sql`SELECT count(*)::int AS n FROM pj_rides WHERE id <@ tstzrange(now() - interval '1 day', now())`
      const [all] = await sql`SELECT count(*)::int AS n FROM pj_rides`
      assert.equal(window.n, all.n)
      return assertUsesIndex(await sql`EXPLAIN SELECT * FROM pj_rides
        WHERE id <@ tstzrange(${new Date(Date.now() - 86400_000)}, ${new Date()})`, 'pj_rides_pkey')
    })
  } finally {
    await sql.end()
  }
}

// ---- Drizzle ORM --------------------------------------------------------------------------------------------------
async function drizzleChecks(): Promise<void> {
  const db = drizzle({ connection: { database: DATABASE, options: NO_SEQSCAN } })
  try {
    let ride!: typeof rides.$inferSelect
    await check('Drizzle: insert().returning() reads the DEFAULT-generated ids as BigInt and string', async () => {
      ;[ride] = await db.insert(rides).values({ fare: 7 }).returning()
      const [text] = (await db.execute(dsql`SELECT id::numeric::text AS id, ref::numeric::text AS ref, trip::text AS trip
        FROM rides WHERE fare = 7`)).rows
      assert.equal(typeof ride.id, 'bigint')
      assert.equal(typeof ride.ref, 'bigint')
      assert.deepEqual([String(ride.id), String(ride.ref), ride.trip], [text.id, text.ref, text.trip])
    })
    await check('Drizzle: eq() on the primary key and on a siq sends typed text; EXPLAIN shows the primary key', async () => {
      const byId = await db.select().from(rides).where(eq(rides.id, ride.id))
      const byRef = await db.select({ id: rides.id }).from(rides).where(eq(rides.ref, ride.ref!)) // hex on the wire
      assert.deepEqual([byId, byRef], [[ride], [{ id: ride.id }]])
      const explained = await db.execute(dsql`EXPLAIN ${db.select().from(rides).where(eq(rides.id, ride.id))}`)
      return assertUsesIndex(explained.rows, 'rides_pkey')
    })
    await check('Drizzle: arrays (siq[] with NULL elements) and NULL columns', async () => {
      const tags = [SIQ_MAX, null, 255n]
      const [row] = await db.insert(rides).values({ trip: null, ref: null, tags: tags as bigint[], fare: 8 }).returning()
      assert.deepEqual([row.trip, row.ref, row.tags], [null, null, tags])
      const [text] = (await db.execute(dsql`SELECT tags::numeric[]::text AS t FROM rides WHERE fare = 8`)).rows
      assert.equal(text.t, `{${SIQ_MAX},NULL,255}`)
    })
    await check('Drizzle: bad values are refused before anything is sent (RangeError, TypeError)', async () => {
      const before = await db.$count(rides)
      await refuses(() => db.insert(rides).values({ id: -1n }), RangeError, /out of range for a distributedid/)
      await refuses(() => db.insert(rides).values({ id: 10n ** 28n }), RangeError, /out of range/)
      await refuses(() => db.insert(rides).values({ ref: 1n << 112n }), RangeError, /out of range for a siq/)
      await refuses(() => db.insert(rides).values({ trip: v4 }), TypeError, /not an iuid/)
      await refuses(() => db.insert(rides).values({ tags: [1n, -1n] }), RangeError, /out of range for a siq/)
      await refuses(() => db.select().from(rides).where(eq(rides.id, -5n)), RangeError, /out of range/)
      assert.equal(await db.$count(rides), before)
    })
    await check("Drizzle: the README's time window, within(rides.id, from, to), through the primary key", async () => {
      const window = [new Date(Date.now() - 86400_000), new Date()] as const
      const [inWindow] = await db.select({ n: count() }).from(rides).where(drizzleWithin(rides.id, ...window))
      const [none] = await db.select({ n: count() }).from(rides).where(drizzleWithin(rides.id, null, new Date(Date.UTC(2020, 0, 1))))
      assert.deepEqual([inWindow.n, none.n], [await db.$count(rides), 0])
      const explained = await db.execute(dsql`EXPLAIN ${db.select().from(rides).where(drizzleWithin(rides.id, ...window))}`)
      return assertUsesIndex(explained.rows, 'rides_pkey')
    })
    await check("Drizzle on postgres.js (with identities-pg/postgres's types): the same columns, read and written", async () => {
      const lookup = postgres({ max: 1, database: DATABASE })
      const client = postgres({ database: DATABASE, types: await identitiesTypes(lookup) })
      await lookup.end()
      try {
        const pdb = drizzlePostgres({ client })
        const [made] = await pdb.insert(rides).values({ fare: 9, tags: [1n, 2n ** 100n] }).returning()
        const [found] = await pdb.select().from(rides).where(eq(rides.id, made.id))
        assert.equal(typeof found.id, 'bigint')
        assert.deepEqual(found, made)
        assert.deepEqual(found.tags, [1n, 2n ** 100n])
        await refuses(() => pdb.insert(rides).values({ ref: -1n }), RangeError, /out of range for a siq/)
      } finally {
        await client.end()
      }
    })
  } finally {
    await db.$client.end()
  }
}

// ---- Kysely -------------------------------------------------------------------------------------------------------
interface Database {
  ky_rides: {
    id: WithDefault<DistributedIdColumn>
    ref: SiqColumn | null
    trip: IuidColumn | null
    ids: DistributedIdArrayColumn | null
    refs: SiqArrayColumn | null
    trips: IuidArrayColumn | null
  }
}

async function kyselyChecks(): Promise<void> {
  const pool = new pg.Pool({ database: DATABASE, options: NO_SEQSCAN })
  await register(pool)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  try {
    await db.schema.createTable('ky_rides')
      .addColumn('id', ksql`distributedid`, (c) => c.primaryKey().defaultTo(ksql`distributedid_generate()`))
      .addColumn('ref', ksql`siq`, (c) => c.defaultTo(ksql`siq_generate('user')`))
      .addColumn('trip', ksql`iuid`, (c) => c.defaultTo(ksql`iuid_generate(5, 6)`))
      .addColumn('ids', ksql`distributedid[]`).addColumn('refs', ksql`siq[]`).addColumn('trips', ksql`iuid[]`)
      .execute()
    let ride!: { id: bigint; ref: bigint | null; trip: string | null }
    await check('Kysely: DEFAULT-generated ids read back as BigInt and string (register(pool))', async () => {
      ride = await db.insertInto('ky_rides').defaultValues().returning(['id', 'ref', 'trip']).executeTakeFirstOrThrow()
      const text = await db.selectFrom('ky_rides')
        .select([ksql<string>`id::numeric::text`.as('id'), ksql<string>`ref::numeric::text`.as('ref')])
        .where('id', '=', ride.id).executeTakeFirstOrThrow()
      assert.equal(typeof ride.id, 'bigint')
      assert.deepEqual([String(ride.id), String(ride.ref)], [text.id, text.ref])
      assert.match(ride.trip!, /^[0-9a-f]{8}-[0-9a-f]{4}-8/)
    })
    await check('Kysely: where() on the primary key, on a siq (siq(n)) and on an iuid; explain() shows the primary key', async () => {
      const byId = await db.selectFrom('ky_rides').select('ref').where('id', '=', ride.id).execute()
      const byRef = await db.selectFrom('ky_rides').select('id').where('ref', '=', kyselySiq(ride.ref!)).execute()
      const byTrip = await db.selectFrom('ky_rides').select('id').where('trip', '=', ride.trip!).execute()
      assert.deepEqual([byId, byRef, byTrip], [[{ ref: ride.ref }], [{ id: ride.id }], [{ id: ride.id }]])
      return assertUsesIndex(await db.selectFrom('ky_rides').selectAll().where('id', '=', ride.id).explain(), 'ky_rides_pkey')
    })
    await check('Kysely: arrays of each type, with NULL elements, and NULL columns', async () => {
      const ids = [0n, null, DISTRIBUTEDID_MAX]
      const refs = [SIQ_MAX, null, 255n]
      const trips = [someIuid(), null]
      const row = await db.insertInto('ky_rides')
        .values({ ref: null, trip: null, ids, refs: refs.map((r) => (r === null ? null : kyselySiq(r))), trips })
        .returningAll().executeTakeFirstOrThrow()
      assert.deepEqual([row.ref, row.trip, row.ids, row.refs, row.trips], [null, null, ids, refs, trips])
    })
    await check('Kysely: bad values are refused before anything is sent (RangeError, TypeError)', async () => {
      const countRows = async () => Number((await db.selectFrom('ky_rides').select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()).n)
      const before = await countRows()
      await refuses(() => db.insertInto('ky_rides').values({ ref: kyselySiq(-1n) }).execute(), RangeError, /out of range for a siq/)
      await refuses(() => db.insertInto('ky_rides').values({ id: distributedid(10n ** 28n) }).execute(), RangeError, /out of range/)
      await refuses(() => db.insertInto('ky_rides').values({ ref: kyselySiq('12g') }).execute(), TypeError, /not a siq/)
      // what reaches the server unchecked is refused there, and nothing is written either
      await assert.rejects(db.insertInto('ky_rides').values({ trip: v4 }).execute(), (e: { code?: string }) => e.code === '22P02')
      assert.equal(await countRows(), before)
    })
    await check("Kysely: the README's time window, within('ky_rides.id', from, to), through the primary key", async () => {
      const from = new Date(Date.now() - 86400_000)
      const query = db.selectFrom('ky_rides').selectAll().where(kyselyWithin('ky_rides.id', from, new Date()))
      const all = await db.selectFrom('ky_rides').selectAll().execute()
      assert.equal((await query.execute()).length, all.length)
      return assertUsesIndex(await query.explain(), 'ky_rides_pkey')
    })
  } finally {
    await db.destroy()
  }
}

main()
  .catch((error) => {
    counts.failed++
    console.log(`not ok - the checks could not run: ${String(error?.stack ?? error).replace(/\s+/g, ' ')}`)
  })
  .finally(() => {
    console.log(`# identities-pg with node-postgres, postgres.js, Drizzle and Kysely: ${counts.passed} ok, ${counts.failed} not ok`)
    process.exit(counts.failed ? 1 : 0)
  })
