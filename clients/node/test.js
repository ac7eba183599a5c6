'use strict'
// Round trips of the identities types through node-postgres, against a real server.
//   node test.js     (libpq's variables: PGHOST, PGPORT, PGUSER, PGDATABASE; the database has the extension,
//                    the server preloads it and has a public-id key)
// Prints "ok - NAME" or "not ok - NAME: DETAIL" per check; exits 1 if any failed.

const assert = require('node:assert/strict')
const crypto = require('node:crypto')
const fs = require('node:fs')
const path = require('node:path')
const { Readable } = require('node:stream')
const { pipeline } = require('node:stream/promises')
const pg = require('pg')
const { to: copyTo, from: copyFrom } = require('pg-copy-streams')
const ids = require('./index.js')
const { distributedid, siq, ulid, ulidTimestamp, ulidToUuid, ulidFromUuid, decodeBinary, encodeBinary, parseText } = ids

let passed = 0
let failed = 0
async function check(name, fn) {
  try {
    await fn()
    passed++
    console.log(`ok - ${name}`)
  } catch (error) {
    failed++
    const detail = String((error && (error.code ? `${error.code} ${error.message}` : error.message)) || error)
    console.log(`not ok - ${name}: ${detail.replace(/\s+/g, ' ')}`)
  }
}

// Expects `promise` to reject with `code` (a SQLSTATE).
async function rejectsWith(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.equal(error.code, code, `expected SQLSTATE ${code}, got ${error.code}: ${error.message}`)
    return true
  })
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const uuidFromBigInt = (n) => {
  const h = n.toString(16).padStart(32, '0')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
const randomBits = (bits) => BigInt('0x' + crypto.randomBytes(Math.ceil(bits / 8)).toString('hex')) & ((1n << BigInt(bits)) - 1n)

// The known answers live in test/vectors (one file per format, test/vectors/README.md): IDENTITIES_VECTORS, or the
// repository's directory. vectors(name, kind): the rows of NAME.tsv (of that kind), objects of column to field
// (null when empty).
const VECTORS = process.env.IDENTITIES_VECTORS || path.join(__dirname, '..', '..', 'test', 'vectors')
function vectors(name, kind) {
  const lines = fs.readFileSync(path.join(VECTORS, `${name}.tsv`), 'utf8').split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
  const header = lines[0].split('\t')
  return lines.slice(1)
    .map((line) => Object.fromEntries(line.split('\t').map((field, k) => [header[k], field || null])))
    .filter((row) => kind === undefined || row.kind === kind)
}

// The Unix milliseconds of a vector's ISO 8601 instant, past the year 9999 too (Date.parse wants +010889 there).
function unixMsOf(text) {
  const [, year, month, day, hour, minute, second, fraction = ''] =
    /^(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z$/.exec(text)
  return Date.UTC(Number(year), month - 1, day, hour, minute, second) + Number(fraction.padEnd(3, '0').slice(0, 3))
}

// The layouts (README, "Reference"), composed here from their fields.
const DISCORD_EPOCH_MS = 1420070400000n // 2015-01-01T00:00:00Z
const snowflakeOf = ({ ms, worker, process, increment }) =>
  ((BigInt(ms) - DISCORD_EPOCH_MS) << 22n) | (BigInt(worker) << 17n) | (BigInt(process) << 12n) | BigInt(increment)
// iUID: [48-bit unix ms][version 8][4-bit format version][8-bit country][variant 10][8-bit service entity][54 random]
const iuidOf = ({ ms, formatVersion = 0, country, serviceEntity, random }) =>
  uuidFromBigInt((BigInt(ms) << 80n) | (8n << 76n) | (BigInt(formatVersion) << 72n) | (BigInt(country) << 64n) |
    (2n << 62n) | (BigInt(serviceEntity) << 54n) | random)
// SIQ: [40-bit unix seconds][16-bit fraction][8-bit shard][32-bit domain hash][serial + qualifier, 16 bits]
const siqOf = ({ ms, shard, domainHash, tail }) => {
  const ticks = ((BigInt(ms) / 1000n) << 16n) | (((BigInt(ms) % 1000n) << 16n) / 1000n)
  return (ticks << 56n) | (BigInt(shard) << 48n) | (BigInt(domainHash) << 16n) | BigInt(tail)
}
// SUOU's domain hash: the last 4 bytes of SHA-256 of the ASCII domain.
const domainHash = (domain) => BigInt(crypto.createHash('sha256').update(domain, 'ascii').digest().readUInt32BE(28))
// DistributedId: [45-bit ms since 1900-01-01][48 random bits]
const EPOCH_1900_MS = BigInt(Date.UTC(1900, 0, 1))
const distributedIdOf = ({ ms, random }) => ((BigInt(ms) - EPOCH_1900_MS) << 48n) | random

// Binary COPY framing: signature, flags, header extension, then per tuple a field count and (length, bytes)
// per field, and a -1 count at the end.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
function parseBinaryCopy(buf) {
  assert.ok(buf.subarray(0, 11).equals(COPY_SIGNATURE), 'binary COPY signature')
  let at = 15
  at += 4 + buf.readInt32BE(at)
  const rows = []
  for (;;) {
    const fields = buf.readInt16BE(at)
    at += 2
    if (fields === -1) break
    const row = []
    for (let i = 0; i < fields; i++) {
      const len = buf.readInt32BE(at)
      at += 4
      row.push(len === -1 ? null : buf.subarray(at, at + len))
      if (len !== -1) at += len
    }
    rows.push(row)
  }
  assert.equal(at, buf.length, 'bytes after the binary COPY trailer')
  return rows
}
function buildBinaryCopy(rows) {
  const int16 = (v) => { const b = Buffer.alloc(2); b.writeInt16BE(v, 0); return b }
  const int32 = (v) => { const b = Buffer.alloc(4); b.writeInt32BE(v, 0); return b }
  const parts = [COPY_SIGNATURE, int32(0), int32(0)]
  for (const row of rows) {
    parts.push(int16(row.length))
    for (const field of row) parts.push(...(field === null ? [int32(-1)] : [int32(field.length), field]))
  }
  parts.push(int16(-1))
  return Buffer.concat(parts)
}
async function copyOut(client, sql) {
  const chunks = []
  for await (const chunk of client.query(copyTo(sql))) chunks.push(chunk)
  return Buffer.concat(chunks)
}
async function copyIn(client, sql, data) {
  await pipeline(Readable.from([data]), client.query(copyFrom(sql)))
}

// A binary result either decodes to the value the text result gave, or is refused by the adapter because
// node-postgres garbled its bytes (brianc/node-postgres#3495); it must never be another value.
async function binaryAgrees(client, sql, values, expected) {
  try {
    const { rows } = await client.query({ text: sql, values, binary: true })
    assert.deepEqual(rows[0].v, expected)
    return 'decoded'
  } catch (error) {
    if (!/node-postgres corrupted a binary/.test(error.message)) throw error
    return 'refused'
  }
}

async function main() {
  const client = new pg.Client()
  await client.connect()
  const types = await ids.register(client)
  const q = async (text, values) => (await client.query(text, values)).rows

  await client.query(`CREATE TEMP TABLE t (d distributedid, s siq, i iuid,
                                            da distributedid[], sa siq[], ia iuid[], sf bigint)`)

  // ---- 1. generated in the database, read by the client -------------------------------------------------
  await check('distributedid_generate() reads as a BigInt equal to its numeric', async () => {
    const [r] = await q('SELECT d, d::numeric::text AS n FROM (SELECT distributedid_generate() AS d) x')
    assert.equal(typeof r.d, 'bigint')
    assert.equal(r.d, BigInt(r.n))
    assert.ok(r.d >= 10n ** 27n && r.d <= ids.DISTRIBUTEDID_MAX, `28 digits: ${r.d}`)
  })
  await check("siq_generate('user') and siq_generate('message', 'example.com', 7) read as BigInts", async () => {
    const [r] = await q(`SELECT a, a::numeric::text AS an, b, b::numeric::text AS bn, b::text AS bt
      FROM (SELECT siq_generate('user') AS a, siq_generate('message', 'example.com', 7) AS b) x`)
    assert.equal(typeof r.a, 'bigint')
    assert.equal(r.a, BigInt(r.an))
    assert.equal(r.b, BigInt(r.bn))
    assert.equal(siq(r.b).toString(), r.bt) // the wrapper's text is the database's
    assert.equal((r.b >> 48n) & 0xffn, 7n)
    assert.equal((r.b >> 16n) & 0xffffffffn, domainHash('example.com'))
  })
  await check('iuid_generate(1, 2) reads as the canonical uuid string', async () => {
    const [r] = await q('SELECT i, i::uuid::text AS u FROM (SELECT iuid_generate(1, 2) AS i) x')
    assert.equal(typeof r.i, 'string')
    assert.match(r.i, UUID_RE)
    assert.equal(r.i, r.u)
    const byte = (k) => parseInt(r.i.replace(/-/g, '').slice(2 * k, 2 * k + 2), 16)
    assert.deepEqual([byte(6) >> 4, byte(6) & 15, byte(7), byte(8) >> 6, ((byte(8) & 0x3f) << 2) | (byte(9) >> 6)],
      [8, 0, 1, 2, 2]) // version 8, format version 0, country 1, variant 10, service entity 2
  })
  await check('ulid: test/vectors/ulid.tsv through the codec (text, uuid, timestamp, bytes; input; refusals)', async () => {
    for (const row of vectors('ulid', 'id')) {
      assert.equal(ulid(row.ulid), row.ulid)
      assert.equal(ulidToUuid(row.ulid), row.uuid)
      assert.equal(ulidFromUuid(row.uuid.toUpperCase()), row.ulid)
      assert.equal(ulidTimestamp(row.ulid), unixMsOf(row.timestamp), row.ulid)
      assert.equal(encodeBinary.ulid(row.ulid).toString('hex'), row.uuid.replace(/-/g, ''))
      assert.equal(decodeBinary.ulid(Buffer.from(row.uuid.replace(/-/g, ''), 'hex')), row.ulid)
    }
    for (const row of vectors('ulid', 'input')) assert.equal(ulid(row.text), row.ulid, row.text)
    for (const row of vectors('ulid', 'invalid')) {
      // 22003 (a first character above 7) is a RangeError, 22P02 (length, character) a TypeError
      assert.throws(() => ulid(row.text), row.sqlstate === '22003' ? RangeError : TypeError, row.text)
    }
    assert.throws(() => decodeBinary.ulid(Buffer.alloc(15)), RangeError)
  })
  await check('ulid: the vectors through node-postgres and the server (text, uuid, timestamp; refusals)', async () => {
    for (const row of vectors('ulid', 'id')) {
      const [r] = await q(`SELECT v, v::text AS t, v::uuid AS u,
          (extract(epoch FROM ulid_extract_timestamp(v)) * 1000)::bigint::text AS ms FROM (SELECT $1::ulid AS v) x`, [row.ulid])
      assert.deepEqual(r, { v: row.ulid, t: row.ulid, u: row.uuid, ms: String(ulidTimestamp(row.ulid)) })
      // the uuid of the same bits, as $1::uuid, is the same ulid
      assert.deepEqual(await q('SELECT $1::uuid::ulid AS v, $1::uuid = $2::ulid AS same', [row.uuid, row.ulid]),
        [{ v: row.ulid, same: true }])
    }
    for (const row of vectors('ulid', 'input')) {
      assert.deepEqual(await q('SELECT $1::ulid AS v', [row.text]), [{ v: ulid(row.text) }])
    }
    for (const row of vectors('ulid', 'invalid')) await rejectsWith(client.query('SELECT $1::ulid', [row.text]), row.sqlstate)
  })
  await check('ulid: generated ids, arrays, binary COPY both ways, binary results', async () => {
    await q('CREATE TEMP TABLE ulids (n serial, u ulid, ua ulid[])')
    await q(`INSERT INTO ulids (u, ua) SELECT ulid_generate(), ARRAY[ulid_generate(), NULL] FROM generate_series(1, 20)`)
    await q('INSERT INTO ulids (u, ua) VALUES ($1::uuid, $2)', [crypto.randomUUID(), ['01arz3ndektsv4rrffq69g5fav']])
    const rows = await q(`SELECT u, ua, (extract(epoch FROM ulid_extract_timestamp(u)) * 1000)::bigint::text AS ms
      FROM ulids ORDER BY n`)
    for (const r of rows) {
      assert.equal(ulid(r.u), r.u) // canonical text
      assert.equal(String(ulidTimestamp(r.u)), r.ms)
    }
    assert.deepEqual(rows.at(-1).ua, ['01ARZ3NDEKTSV4RRFFQ69G5FAV'])
    assert.equal(rows[0].ua[1], null)
    const copied = await copyOut(client, 'COPY (SELECT u, ua FROM ulids ORDER BY n) TO STDOUT (FORMAT BINARY)')
    const decoded = parseBinaryCopy(copied).map(([u, ua]) => ({ u: decodeBinary.ulid(u), ua: decodeBinary.array(ua, decodeBinary.ulid) }))
    assert.deepEqual(decoded, rows.map(({ u, ua }) => ({ u, ua })))
    await q('CREATE TEMP TABLE ulids2 (u ulid, ua ulid[])')
    const encoded = rows.map(({ u, ua }) => [encodeBinary.ulid(u), encodeBinary.array(ua, types.ulid.oid, encodeBinary.ulid)])
    await copyIn(client, 'COPY ulids2 (u, ua) FROM STDIN (FORMAT BINARY)', buildBinaryCopy(encoded))
    assert.deepEqual(await q('SELECT u, ua FROM ulids2 ORDER BY u'), [...rows].map(({ u, ua }) => ({ u, ua }))
      .sort((a, b) => (a.u < b.u ? -1 : a.u > b.u ? 1 : 0))) // text order is the ulids' order
    // bytes valid as UTF-8 (ASCII) survive node-postgres's binary results; the others are refused, never misread
    const ascii = ulidFromUuid('30313233-3435-3637-3839-414243444546')
    assert.equal(await binaryAgrees(client, 'SELECT $1::ulid AS v', [ascii], ascii), 'decoded')
    for (const { u } of rows) await binaryAgrees(client, 'SELECT $1::ulid AS v', [u], u)
  })
  await check('uuid formats (DistributedId128, HotGuid, LUUID, UUIDv7, public id) read as strings and go back', async () => {
    const [r] = await q(`SELECT a, a::text AS at, h, h::text AS ht, l, l::text AS lt, v, v::text AS vt, p, p::text AS pt, did
      FROM (SELECT distributedid128_generate() AS a, hotguid_generate(42) AS h, luuid_generate('g', 7) AS l,
                   uuidv7_generate() AS v, public_id(d) AS p, d AS did
              FROM (SELECT distributedid_generate() AS d) y) x`)
    for (const k of ['a', 'h', 'l', 'v', 'p']) {
      assert.equal(typeof r[k], 'string', k)
      assert.match(r[k], UUID_RE, k)
      assert.equal(r[k], r[k + 't'], k)
    }
    // the strings, sent back as parameters, are the same ids
    const [b] = await q(`SELECT distributedid128_extract_timestamp($1) IS NOT NULL AS a, hotguid_extract_shard_key($2) AS h,
        luuid_extract_key($3) AS l, luuid_extract_group($3) = luuid_group('g') AS lg,
        uuidv7_extract_timestamp($4) IS NOT NULL AS v, public_id_to_distributedid($5) AS p`, [r.a, r.h, r.l, r.v, r.p])
    assert.deepEqual(b, { a: true, h: '42', l: '7', lg: true, v: true, p: r.did })
  })
  await check('snowflake_generate() round-trips (a string by default, a BigInt with int8AsBigInt)', async () => {
    const [r] = await q(`SELECT s, s::text AS st, snowflake_extract_worker(s) AS w, snowflake_extract_process(s) AS p,
        n.snowflake_worker AS nw, n.snowflake_process AS np FROM (SELECT snowflake_generate() AS s) x, identities_node n`)
    assert.equal(typeof r.s, 'string')
    assert.equal(r.s, r.st)
    assert.deepEqual([r.w, r.p], [r.nw, r.np])
    const [back] = await q('SELECT snowflake_extract_worker($1) AS w, $1::bigint::text AS s', [BigInt(r.s)])
    assert.deepEqual(back, { w: r.w, s: r.s })
    const other = new pg.Client()
    await other.connect()
    try {
      await ids.register(other, { int8AsBigInt: true })
      const { rows: [b] } = await other.query('SELECT s, s::text AS st, ARRAY[s, 5] AS a FROM (SELECT snowflake_generate() AS s) x')
      assert.equal(typeof b.s, 'bigint')
      assert.equal(b.s, BigInt(b.st))
      assert.deepEqual(b.a, [b.s, 5n])
    } finally {
      await other.end()
    }
  })

  // ---- 2. composed in JavaScript, written by the client, taken apart by the database ----------------------
  const when = Date.UTC(2024, 1, 29, 13, 14, 15, 678) // 2024-02-29T13:14:15.678Z
  await check('a Snowflake composed in JS matches snowflake_extract_*', async () => {
    const fields = { ms: when, worker: 17, process: 9, increment: 1234 }
    const sf = snowflakeOf(fields)
    await q('TRUNCATE t')
    await q('INSERT INTO t (sf) VALUES ($1)', [sf])
    const [r] = await q(`SELECT sf::text AS sf, snowflake_extract_timestamp(sf) AS ts, snowflake_extract_worker(sf) AS w,
        snowflake_extract_process(sf) AS p, snowflake_extract_increment(sf) AS i FROM t`)
    assert.equal(r.sf, sf.toString())
    assert.equal(r.ts.getTime(), when)
    assert.deepEqual([r.w, r.p, r.i], [17, 9, 1234])
  })
  await check('an iUID composed in JS matches iuid_extract_*', async () => {
    // service entity 201 = 0b11001001 straddles bytes 8 and 9
    const id = iuidOf({ ms: when, country: 77, serviceEntity: 201, random: randomBits(54) })
    await q('TRUNCATE t')
    await q('INSERT INTO t (i) VALUES ($1)', [id])
    const [r] = await q(`SELECT i, iuid_extract_timestamp(i) AS ts, iuid_extract_country(i) AS c,
        iuid_extract_service_entity(i) AS se, iuid_extract_format_version(i) AS fv FROM t`)
    assert.equal(r.i, id)
    assert.equal(r.ts.getTime(), when)
    assert.deepEqual([r.c, r.se, r.fv], [77, 201, 0])
  })
  await check('a SIQ composed in JS matches siq_extract_* and siq_domain_hash', async () => {
    for (const row of vectors('siq', 'domain_hash')) { // SUOU's hash of each domain of test/vectors ("0": none)
      assert.equal(row.domain === '0' ? 0n : domainHash(row.domain), BigInt(row.domain_hash), row.domain)
    }
    const hash = domainHash('example.com')
    const user = siqOf({ ms: when, shard: 200, domainHash: hash, tail: (5 << 5) | 0b00000 }) // user: 5-bit 00000
    const message = siqOf({ ms: when, shard: 3, domainHash: hash, tail: (7 << 4) | 0b1110 }) // message: 4-bit 1110
    await q('TRUNCATE t')
    await q('INSERT INTO t (s) VALUES ($1), ($2)', [siq(user), siq(message)])
    const rows = await q(`SELECT s, (extract(epoch FROM siq_extract_timestamp(s)) * 1000000)::bigint::text AS us,
        siq_extract_shard(s) AS shard, siq_extract_domain_hash(s) AS hash, siq_domain_hash('example.com') AS h2,
        siq_extract_qualifier(s) AS q, siq_extract_serial(s) AS serial FROM t ORDER BY siq_extract_serial(s)`)
    // the fraction 678 ms -> floor(678 * 65536 / 1000) = 44433 ticks -> floor(44433 * 10^6 / 65536) µs
    const us = BigInt(when) / 1000n * 1000000n + ((((BigInt(when) % 1000n) << 16n) / 1000n) * 1000000n >> 16n)
    assert.deepEqual(rows, [
      { s: user, us: us.toString(), shard: 200, hash: hash.toString(), h2: hash.toString(), q: 'user', serial: 5 },
      { s: message, us: us.toString(), shard: 3, hash: hash.toString(), h2: hash.toString(), q: 'message', serial: 7 },
    ])
  })
  await check('a DistributedId composed in JS matches distributedid_extract_timestamp', async () => {
    const id = distributedIdOf({ ms: when, random: randomBits(48) })
    await q('TRUNCATE t')
    await q('INSERT INTO t (d) VALUES ($1)', [distributedid(id)])
    const [r] = await q('SELECT d, d::text AS dt, distributedid_extract_timestamp(d) AS ts FROM t')
    assert.equal(r.d, id)
    assert.equal(r.dt, id.toString())
    assert.equal(r.ts.getTime(), when)
  })
  await check('edge values: distributedid 0 and 10^28-1, siq 0 and 2^112-1', async () => {
    await q('TRUNCATE t')
    await q('INSERT INTO t (d, s) VALUES ($1, $2), ($3, $4)',
      [distributedid(0n), siq(0n), distributedid(ids.DISTRIBUTEDID_MAX), siq(ids.SIQ_MAX)])
    const rows = await q('SELECT d, s, d::text AS dt, s::text AS st FROM t ORDER BY d')
    assert.deepEqual(rows, [
      { d: 0n, s: 0n, dt: '0', st: '0'.repeat(28) },
      { d: 10n ** 28n - 1n, s: (1n << 112n) - 1n, dt: '9'.repeat(28), st: 'f'.repeat(28) },
    ])
  })

  // ---- 3. parameters, and text and binary results -----------------------------------------------------------
  await check('parameters: wrappers, a plain BigInt, a uuid string, $1::uuid and $1::numeric fill the columns', async () => {
    const d = distributedIdOf({ ms: when, random: randomBits(48) })
    const s = siqOf({ ms: when, shard: 1, domainHash: 0, tail: 32 })
    const i = iuidOf({ ms: when, country: 5, serviceEntity: 6, random: randomBits(54) })
    await q('TRUNCATE t')
    await q('INSERT INTO t (d, s, i) VALUES ($1, $2, $3)', [distributedid(d), siq(s), i])
    await q('INSERT INTO t (d, s, i) VALUES ($1, $2::numeric, $3::uuid)', [d, s, i]) // plain BigInt, typed casts
    const rows = await q('SELECT d, s, i FROM t WHERE d = $1 AND s = $2 AND i = $3', [d, siq(s), i])
    assert.deepEqual(rows, [{ d, s, i }, { d, s, i }])
  })
  await check('the siq trap: a plain BigInt parameter is read as hex digits; the wrapper and $1::numeric are not', async () => {
    // 597 = 0x255: the BigInt 255n goes as the text "255", which siq's input reads as hex
    const [r] = await q('SELECT $1::siq AS plain, $2::siq AS wrapped, $3::numeric::siq AS cast', [255n, siq(255n), 255n])
    assert.deepEqual(r, { plain: 0x255n, wrapped: 255n, cast: 255n })
    // a generated siq (about 2^110) has 34 decimal digits: as a plain BigInt it is refused rather than misread
    const [g] = await q(`SELECT siq_generate('user') AS v`)
    await rejectsWith(client.query('SELECT $1::siq', [g.v]), '22003')
    assert.deepEqual(await q('SELECT $1::siq AS a, $2::numeric::siq AS b', [siq(g.v), g.v]), [{ a: g.v, b: g.v }])
  })
  await check('binary results: the same values as text, for values whose bytes survive node-postgres', async () => {
    // node-postgres 8.23.1 passes binary fields through UTF-8 text: only values whose bytes are valid UTF-8
    // arrive intact. These are: ASCII bytes (distributedid's and siq's base-10000 digits in numeric's binary
    // form, each 0x0101 times a small number), and in the iuid the two-byte sequences c3 80 and c5 81.
    const fromDigits = (digits) => digits.reduce((value, digit) => value * 10000n + BigInt(digit), 0n)
    const d = fromDigits([0x0101, 0x0202, 0x0303, 0x0404, 0x0505, 0x0606, 0x0707]) // 28 digits
    const s = fromDigits([0x33, 0x0101, 0x0202, 0x0303, 0x0404, 0x0505, 0x0606, 0x0707, 0x0808]) // 34 digits
    const i = '01234567-00c3-80c5-8152-123456781a3c' // version 8, country 0xc5, variant 10, entity 5
    const u = '00112233-4455-6677-1122-334455667711'
    const sql = 'SELECT $1::distributedid AS d, $2::siq AS s, $3::iuid AS i, $4::uuid AS u'
    const values = [distributedid(d), siq(s), i, u]
    const text = (await client.query(sql, values)).rows[0]
    const binary = (await client.query({ text: sql, values, binary: true })).rows[0]
    assert.deepEqual(text, { d, s, i, u })
    assert.deepEqual(binary, text)
    const asArray = (await client.query({ text: sql, values, binary: true, rowMode: 'array' })).rows[0]
    assert.deepEqual(asArray, Object.values(text))
    assert.deepEqual(await q('SELECT iuid_extract_country($1) AS c, iuid_extract_service_entity($1) AS e', [i]), [{ c: 0xc5, e: 5 }])
    // an array's header holds the element type's oid, which may have bytes node-postgres garbles (here
    // siq's and iuid's do, distributedid's does not): identical, or refused
    const arrays = []
    for (const [type, value, param] of [['distributedid[]', [d, 7n], [d, 7n]], ['siq[]', [s], [siq(s)]], ['iuid[]', [i], [i]]]) {
      arrays.push(`${type} ${await binaryAgrees(client, `SELECT $1::${type} AS v`, [param], value)}`)
    }
    console.log(`# binary arrays: ${arrays.join(', ')}`)
  })
  await check('binary results of generated values: identical to text, or refused, never another value', async () => {
    await q('TRUNCATE t')
    await q(`INSERT INTO t (d, s, i, da, sa, ia, sf)
      SELECT distributedid_generate(), siq_generate('user'), iuid_generate(g % 256, 3),
             ARRAY[distributedid_generate()], ARRAY[siq_generate('tag')], ARRAY[iuid_generate(1, 1)], g
        FROM generate_series(1, 40) g`)
    const rows = await q('SELECT d, s, i, da, sa, ia FROM t ORDER BY sf')
    const counts = { decoded: 0, refused: 0 }
    for (const row of rows) {
      for (const [column, type] of [['d', 'distributedid'], ['s', 'siq'], ['i', 'iuid'],
        ['da', 'distributedid[]'], ['sa', 'siq[]'], ['ia', 'iuid[]']]) {
        const value = row[column]
        const param = Array.isArray(value) ? value.map((v) => (type === 'siq[]' ? siq(v) : v))
          : type === 'siq' ? siq(value) : value
        counts[await binaryAgrees(client, `SELECT $1::${type} AS v`, [param], value)]++
      }
    }
    // binaryAgrees throws on a value that decodes differently: reaching here means none was wrong
    console.log(`# binary results of 240 generated values: ${counts.decoded} decoded, ${counts.refused} refused`)
  })
  await check('generic numeric reader (issue 39): node-postgres\'s own binary numeric parser reads distributedid and siq', async () => {
    // No adapter: the fields of a binary COPY, and binary results, parsed as numeric (pg-types' binary parser of
    // oid 1700), the type distributedid and siq are numbers of. It returns a Number, exact up to 2^53 (as for a
    // numeric column; larger values are the nearest double, and the adapter's decoders read them whole).
    // 0.1.0's raw form read so gave 7 as 70000 and worse.
    const parseNumeric = pg.types.getTypeParser(1700, 'binary')
    const values = [0n, 1n, 7n, 9999n, 10000n, 10001n, 100000000n, 2n ** 53n - 1n, 9007199254740993n, 10n ** 24n,
      10n ** 28n - 1n]
    await q('CREATE TEMP TABLE generic (n int, d distributedid, s siq)')
    for (const [n, v] of values.entries()) await q('INSERT INTO generic VALUES ($1, $2, $3::numeric)', [n, v, v])
    const fields = parseBinaryCopy(await copyOut(client, 'COPY (SELECT d, s FROM generic ORDER BY n) TO STDOUT (FORMAT BINARY)'))
    for (const [k, v] of values.entries()) {
      for (const parsed of [parseNumeric(fields[k][0]), parseNumeric(fields[k][1])]) {
        if (v <= 2n ** 53n) assert.equal(parsed, Number(v), `exact: ${v}`)
        else assert.ok(Math.abs(parsed - Number(v)) <= Number(v) * 1e-15, `${parsed} is the double nearest ${v}`)
      }
      assert.equal(decodeBinary.distributedid(fields[k][0]), v) // and whole through the adapter
      assert.equal(decodeBinary.siq(fields[k][1]), v)
    }
    // binary results of a client with no adapter, the numeric parser installed for distributedid's oid (values
    // whose bytes node-postgres does not garble, see above)
    const plain = new pg.Client()
    await plain.connect()
    try {
      const { rows: [types] } = await plain.query("SELECT 'distributedid'::regtype::oid AS d, 'siq'::regtype::oid AS s")
      plain.setTypeParser(Number(types.d), 'binary', parseNumeric)
      plain.setTypeParser(Number(types.s), 'binary', parseNumeric)
      const { rows } = await plain.query({ text: 'SELECT $1::distributedid AS d, $2::numeric::siq AS s', values: ['10001', '7'], binary: true })
      assert.deepEqual(rows, [{ d: 10001, s: 7 }])
    } finally {
      await plain.end()
    }
    // a numeric column's binary COPY fills distributedid and siq columns; what is no id is refused (22003)
    await q('CREATE TEMP TABLE generic_numbers (d numeric, s numeric)')
    await q('INSERT INTO generic_numbers SELECT d::numeric, s::numeric FROM generic')
    const numbers = await copyOut(client, 'COPY generic_numbers TO STDOUT (FORMAT BINARY)')
    await q('CREATE TEMP TABLE generic_back (d distributedid, s siq)')
    await copyIn(client, 'COPY generic_back FROM STDIN (FORMAT BINARY)', numbers)
    assert.deepEqual(await q('SELECT count(*)::int AS n FROM generic_back JOIN generic USING (d, s)'), [{ n: values.length }])
    for (const bad of ['-1', '1.5', 'NaN', '10000000000000000000000000000']) {
      await q('TRUNCATE generic_numbers')
      await q('INSERT INTO generic_numbers (d) VALUES ($1::numeric)', [bad])
      const data = await copyOut(client, 'COPY generic_numbers TO STDOUT (FORMAT BINARY)')
      await rejectsWith(copyIn(client, 'COPY generic_back FROM STDIN (FORMAT BINARY)', data), '22003')
    }
  })
  await check('a binary result node-postgres garbles is refused: siq 2^112-1 (all ff bytes), a NULL in an array', async () => {
    // binary results need the extended protocol: node-postgres sends a query without parameters as a simple
    // query, whose results are always text, whatever `binary` says
    await assert.rejects(client.query({ text: 'SELECT $1::siq AS v', values: [siq(ids.SIQ_MAX)], binary: true }),
      /node-postgres corrupted a binary siq result/)
    // a NULL element's length is -1, ff ff ff ff
    await assert.rejects(client.query({ text: 'SELECT ARRAY[$1::distributedid, NULL] AS v', values: [1n], binary: true }),
      /node-postgres corrupted a binary distributedid\[\] result/)
    // the connection is still usable
    assert.deepEqual(await q('SELECT $1::siq AS v', [siq(ids.SIQ_MAX)]), [{ v: ids.SIQ_MAX }])
  })
  await check('binary decoders agree with the server\'s send functions (bytea, text results)', async () => {
    const [r] = await q(`SELECT d, s, i, distributedid_send(d) AS db, siq_send(s) AS sb, iuid_send(i) AS ib
      FROM (SELECT distributedid_generate() AS d, siq_generate('channel') AS s, iuid_generate(250, 251) AS i) x`)
    assert.equal(decodeBinary.distributedid(r.db), r.d)
    assert.equal(decodeBinary.siq(r.sb), r.s)
    assert.equal(decodeBinary.iuid(r.ib), r.i)
    assert.ok(encodeBinary.distributedid(r.d).equals(r.db))
    assert.ok(encodeBinary.siq(r.s).equals(r.sb))
    assert.ok(encodeBinary.iuid(r.i).equals(r.ib))
  })

  await check('the vectors\' distributedid, siq and iuid values: text parsers and binary codecs agree with the server', async () => {
    const values = [
      ...vectors('distributedid').map((r) => ['distributedid', r.distributedid, BigInt(r.distributedid)]),
      ...vectors('siq', 'forms').map((r) => ['siq', r.siq, BigInt(r.numeric)]),
      ...vectors('iuid').map((r) => ['iuid', r.iuid, r.iuid]),
    ]
    for (const [type, text, value] of values) {
      const [r] = await q(`SELECT v, v::text AS t, ${type}_send(v) AS b FROM (SELECT $1::${type} AS v) x`, [text])
      assert.equal(r.v, value, `${type} ${text}`)
      assert.equal(r.t, text)
      assert.equal(parseText[type](text), value)
      assert.equal(decodeBinary[type](r.b), value)
      assert.ok(encodeBinary[type](value).equals(r.b), `${type} ${text}: encodeBinary`)
    }
  })

  // ---- 4. arrays ---------------------------------------------------------------------------------------------
  await check('arrays of generated ids read as arrays of BigInts and strings', async () => {
    const [r] = await q(`SELECT da, da::numeric[]::text[] AS dn, sa, sa::numeric[]::text[] AS sn, ia, ia::uuid[]::text[] AS iu,
        ARRAY[[da[1], NULL], [da[2], da[1]]] AS d2, '{}'::siq[] AS empty
      FROM (SELECT ARRAY[distributedid_generate(), distributedid_generate()] AS da,
                   ARRAY[siq_generate('user'), siq_generate('message')] AS sa,
                   ARRAY[iuid_generate(1, 2), iuid_generate(3, 4)] AS ia) x`)
    assert.ok(r.da.every((v) => typeof v === 'bigint') && r.sa.every((v) => typeof v === 'bigint'))
    assert.deepEqual(r.da, r.dn.map(BigInt))
    assert.deepEqual(r.sa, r.sn.map(BigInt))
    assert.deepEqual(r.ia, r.iu)
    assert.ok(r.ia.every((v) => UUID_RE.test(v)))
    assert.deepEqual(r.d2, [[r.da[0], null], [r.da[1], r.da[0]]])
    assert.deepEqual(r.empty, [])
  })
  await check('array parameters fill distributedid[], siq[] and iuid[] columns (wrappers inside arrays)', async () => {
    const d = [distributedIdOf({ ms: when, random: 1n }), 0n, ids.DISTRIBUTEDID_MAX]
    const s = [siqOf({ ms: when, shard: 9, domainHash: 1, tail: 15 }), 0n, ids.SIQ_MAX]
    const i = [iuidOf({ ms: when, country: 1, serviceEntity: 2, random: 3n }), iuidOf({ ms: 0, country: 255, serviceEntity: 255, random: 0n })]
    await q('TRUNCATE t')
    await q('INSERT INTO t (da, sa, ia) VALUES ($1, $2, $3)', [[distributedid(d[0]), d[1], d[2]], s.map(siq), [...i, null]])
    const [r] = await q(`SELECT da, sa, ia, da::numeric[]::text[] AS dn, sa::numeric[]::text[] AS sn FROM t`)
    assert.deepEqual(r, { da: d, sa: s, ia: [...i, null], dn: d.map(String), sn: s.map(String) })
    assert.deepEqual(await q('SELECT count(*)::int AS n FROM t WHERE sa = $1 AND $2 = ANY (da)', [s.map(siq), distributedid(d[2])]), [{ n: 1 }])
  })

  // ---- 5. COPY -----------------------------------------------------------------------------------------------
  await q('TRUNCATE t')
  await q(`INSERT INTO t (d, s, i, da, sa, ia)
    SELECT distributedid_generate(), siq_generate('invite'), iuid_generate(g, g + 1),
           ARRAY[distributedid_generate(), NULL], ARRAY[siq_generate('tag')], ARRAY[]::iuid[]
      FROM generate_series(1, 5) g
    UNION ALL SELECT 0::distributedid, 0::siq, '00000000-0000-8000-8000-000000000000', NULL, '{}', ARRAY[NULL::iuid]
    UNION ALL SELECT '9999999999999999999999999999', 'ffffffffffffffffffffffffffff', iuid_generate(255, 255), '{1}', '{ff}', NULL`)
  const expected = await q('SELECT d, s, i, da, sa, ia FROM t ORDER BY d')
  const columns = ['d', 's', 'i', 'da', 'sa', 'ia']
  await q('CREATE TEMP TABLE t2 (LIKE t)')

  await check('text COPY TO: the adapter\'s text parsers read the rows', async () => {
    const out = (await copyOut(client, 'COPY (SELECT d, s, i, da, sa, ia FROM t ORDER BY d) TO STDOUT')).toString()
    const parsers = [parseText.distributedid, parseText.siq, parseText.iuid]
    const arrays = parsers.map((p) => (text) => pg.types.arrayParser.create(text, p).parse())
    const rows = out.trimEnd().split('\n').map((line) => {
      const fields = line.split('\t').map((f) => (f === '\\N' ? null : f))
      return Object.fromEntries(fields.map((f, k) => [columns[k], f === null ? null : [...parsers, ...arrays][k](f)]))
    })
    assert.deepEqual(rows, expected)
  })
  await check('text COPY FROM: rows written from JS values', async () => {
    const field = (v, k) => {
      if (v === null) return '\\N'
      if (k === 1) return siq(v).toPostgres() // siq's text form is hex
      if (k === 4) return `{${v.map((e) => (e === null ? 'NULL' : siq(e).toPostgres())).join(',')}}`
      if (Array.isArray(v)) return `{${v.map((e) => (e === null ? 'NULL' : String(e))).join(',')}}`
      return String(v)
    }
    const data = expected.map((row) => columns.map((c, k) => field(row[c], k)).join('\t') + '\n').join('')
    await copyIn(client, 'COPY t2 (d, s, i, da, sa, ia) FROM STDIN', data)
    assert.deepEqual(await q('SELECT d, s, i, da, sa, ia FROM t2 ORDER BY d'), expected)
    assert.deepEqual(await q('SELECT count(*)::int AS n FROM (TABLE t EXCEPT ALL TABLE t2) x'), [{ n: 0 }])
  })
  let binaryCopy
  await check('binary COPY TO: the adapter\'s binary decoders read the rows', async () => {
    binaryCopy = await copyOut(client, 'COPY (SELECT d, s, i, da, sa, ia FROM t ORDER BY d) TO STDOUT (FORMAT BINARY)')
    const decoders = [decodeBinary.distributedid, decodeBinary.siq, decodeBinary.iuid]
    const all = [...decoders, ...decoders.map((e) => (buf) => decodeBinary.array(buf, e))]
    const rows = parseBinaryCopy(binaryCopy).map((fields) =>
      Object.fromEntries(fields.map((f, k) => [columns[k], f === null ? null : all[k](f)])))
    assert.deepEqual(rows, expected)
  })
  await check('binary COPY FROM: the bytes COPY TO gave fill another table with the same values', async () => {
    await q('TRUNCATE t2')
    await copyIn(client, 'COPY t2 (d, s, i, da, sa, ia) FROM STDIN (FORMAT BINARY)', binaryCopy)
    assert.deepEqual(await q('SELECT d, s, i, da, sa, ia FROM t2 ORDER BY d'), expected)
  })
  await check('binary COPY FROM: rows the adapter\'s binary encoders built from JS values', async () => {
    await q('TRUNCATE t2')
    const rows = expected.map((row) => [
      row.d === null ? null : encodeBinary.distributedid(row.d),
      row.s === null ? null : encodeBinary.siq(row.s),
      row.i === null ? null : encodeBinary.iuid(row.i),
      row.da === null ? null : encodeBinary.array(row.da, types.distributedid.oid, encodeBinary.distributedid),
      row.sa === null ? null : encodeBinary.array(row.sa, types.siq.oid, encodeBinary.siq),
      row.ia === null ? null : encodeBinary.array(row.ia, types.iuid.oid, encodeBinary.iuid),
    ])
    await copyIn(client, 'COPY t2 (d, s, i, da, sa, ia) FROM STDIN (FORMAT BINARY)', buildBinaryCopy(rows))
    assert.deepEqual(await q('SELECT d, s, i, da, sa, ia FROM t2 ORDER BY d'), expected)
  })

  // ---- 6. errors ---------------------------------------------------------------------------------------------
  await check('a uuid that is not version 8 / variant 10 into an iuid column: 22P02', async () => {
    const v4 = crypto.randomUUID()
    await rejectsWith(client.query('INSERT INTO t (i) VALUES ($1)', [v4]), '22P02')
    await rejectsWith(client.query('INSERT INTO t (i) VALUES ($1::uuid)', [v4]), '22P02')
  })
  await check('binary COPY of a non-iUID into an iuid column: 22P03', async () => {
    const row = [null, null, encodeBinary.iuid(crypto.randomUUID()), null, null, null]
    await rejectsWith(copyIn(client, 'COPY t2 (d, s, i, da, sa, ia) FROM STDIN (FORMAT BINARY)', buildBinaryCopy([row])), '22P03')
  })
  await check('wrappers refuse out-of-range values with RangeError', async () => {
    assert.throws(() => siq(-1n), RangeError)
    assert.throws(() => siq(1n << 112n), RangeError)
    assert.throws(() => distributedid(-1), RangeError)
    assert.throws(() => distributedid(10n ** 28n), RangeError)
    assert.throws(() => distributedid(1.5), RangeError)
    assert.throws(() => distributedid(2 ** 60), RangeError) // not a safe integer: use a BigInt
    assert.throws(() => siq('12g'), TypeError)
    assert.equal(siq('00FF').value, 255n) // a string is siq's own text form: hex
    assert.equal(distributedid('0042').toPostgres(), '42')
  })
  await check('distributedid 10^28 from SQL and from a parameter: 22003', async () => {
    await rejectsWith(client.query(`SELECT '10000000000000000000000000000'::distributedid`), '22003')
    await rejectsWith(client.query('INSERT INTO t (d) VALUES ($1)', [10n ** 28n]), '22003')
  })

  // ---- registration ------------------------------------------------------------------------------------------
  await check('register(pool): every connection of the pool parses the types; a used pool is refused', async () => {
    const pool = new pg.Pool({ max: 3 })
    try {
      await ids.register(pool)
      // three queries at once need three connections, two of them opened after register()
      const results = await Promise.all([1, 2, 3].map(() =>
        pool.query(`SELECT pg_sleep(0.05), distributedid_generate() AS d, siq_generate('tag') AS s, '{1,2}'::distributedid[] AS a`)))
      assert.equal(pool.totalCount, 3)
      for (const { rows: [r] } of results) {
        assert.equal(typeof r.d, 'bigint')
        assert.equal(typeof r.s, 'bigint')
        assert.deepEqual(r.a, [1n, 2n])
      }
      await assert.rejects(ids.register(pool), /before the pool opens a connection/)
    } finally {
      await pool.end()
    }
  })
  await check('register(client, { wrap: true }): JSON.stringify of rows is the server\'s to_json, read back exactly', async () => {
    const client = new pg.Client()
    await client.connect()
    try {
      await ids.register(client, { wrap: true })
      const { rows } = await client.query(`SELECT d, s, i, json_build_object('d', d, 's', s, 'i', i)::text AS server,
          json_build_array(d, s, i)::text AS server_array, ARRAY[d] AS ds, ARRAY[s] AS ss
        FROM (VALUES (distributedid_generate(), siq_generate('message'), iuid_generate(42, 7)),
          ('0'::distributedid, '0'::siq, '00000000-0000-8000-8000-000000000000'::iuid),
          ('9999999999999999999999999999', 'ffffffffffffffffffffffffffff', 'ffffffff-ffff-8fff-bfff-ffffffffffff'))
          AS v(d, s, i)`)
      for (const row of rows) {
        assert.ok(row.d instanceof ids.DistributedId && row.s instanceof ids.Siq, 'wrappers')
        assert.ok(row.ds[0] instanceof ids.DistributedId && row.ss[0] instanceof ids.Siq, 'wrappers in arrays')
        assert.deepEqual(JSON.parse(JSON.stringify({ d: row.d, s: row.s, i: row.i })), JSON.parse(row.server))
        assert.equal(JSON.stringify([row.d, row.s, row.i]), row.server_array.replace(/, /g, ','))
      }
      const binary = await client.query({ text: 'SELECT distributedid_generate() AS d, siq_generate(\'x\') AS s',
        binary: true }).catch(() => null) // binary results may be refused (see above); when they arrive, wrapped
      if (binary) assert.ok(binary.rows[0].d instanceof ids.DistributedId && binary.rows[0].s instanceof ids.Siq)
    } finally {
      await client.end()
    }
  })

  await check('a client without register() still gets node-postgres\' strings (nothing global changed)', async () => {
    const plain = new pg.Client()
    await plain.connect()
    try {
      const { rows: [r] } = await plain.query(`SELECT '42'::distributedid AS d, 'ff'::siq AS s`)
      assert.deepEqual(r, { d: '42', s: '00000000000000000000000000ff' })
    } finally {
      await plain.end()
    }
  })

  await client.end()
}

main()
  .catch((error) => {
    failed++
    console.log(`not ok - the test could not run: ${String(error && error.stack).replace(/\s+/g, ' ')}`)
  })
  .finally(() => {
    console.log(`# node-postgres: ${passed} ok, ${failed} not ok`)
    // exit even when a failure left a connection open
    process.exit(failed ? 1 : 0)
  })
