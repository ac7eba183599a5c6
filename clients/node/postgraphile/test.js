'use strict'
// identities-pg/postgraphile in a PostGraphile 5 API (the Amber preset), queried through its HTTP endpoint as a
// client would, on both editions: the native extension in PGDATABASE, the portable edition's plain install (schema
// ids) in IDENTITIES_PORTABLE_DATABASE. Our columns appear as the string scalars DistributedId, Siq and Iuid (not
// dropped), read back exactly (equal to the server's ::text), filter by condition, find rows by unique key, work as
// function arguments and in mutations; bad text is a GraphQL error and writes nothing.
// Prints "ok - NAME" / "not ok - NAME" lines; exits 1 if any failed.
const assert = require('node:assert/strict')
const http = require('node:http')
const pg = require('pg')
const { postgraphile } = require('postgraphile')
const { PostGraphileAmberPreset } = require('postgraphile/presets/amber')
const { makePgService } = require('postgraphile/adaptors/pg')
const { grafserv } = require('postgraphile/grafserv/node')
const { IdentitiesPreset } = require('identities-pg/postgraphile')

let failed = 0
async function check(name, fn) {
  try {
    await fn()
    console.log(`ok - ${name}`)
  } catch (error) {
    failed++
    console.log(`not ok - ${name}: ${String(error && error.message || error).replace(/\s+/g, ' ').slice(0, 600)}`)
  }
}

// The API's schema gql: a table with a column of each type, a function taking a siq, one taking a distributedid.
// SQL-standard bodies bind the types where they are found now (the portable edition's are in ids).
const SETUP = `
DROP SCHEMA IF EXISTS gql CASCADE;
CREATE SCHEMA gql;
CREATE TABLE gql.messages (
  id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
  ref siq NOT NULL UNIQUE DEFAULT siq_generate('message'),
  rider iuid NOT NULL DEFAULT iuid_generate(42, 7),
  sf bigint NOT NULL DEFAULT snowflake_generate(),
  refs siq[],
  body text);
CREATE INDEX ON gql.messages (rider);
INSERT INTO gql.messages (id, ref, rider, sf, body) VALUES
  ('0', repeat('0', 28), '00000000-0000-8000-8000-000000000000', 0, 'first'),
  ('9007199254740993', lpad('20000000000001', 28, '0'), '01a20942-04f9-8001-8086-1378e8435031', 9007199254740993, 'past 2^53'),
  ('9999999999999999999999999999', repeat('f', 28), 'ffffffff-ffff-8fff-bfff-ffffffffffff', 9223372036854775807, 'last');
INSERT INTO gql.messages (body) SELECT 'generated ' || g FROM generate_series(1, 50) AS g;
UPDATE gql.messages SET refs = ARRAY[ref, ref];
CREATE FUNCTION gql.find_message(ref siq) RETURNS gql.messages LANGUAGE sql STABLE
  BEGIN ATOMIC SELECT * FROM gql.messages m WHERE m.ref = find_message.ref; END;
CREATE FUNCTION gql.messages_from(first_id distributedid) RETURNS SETOF gql.messages LANGUAGE sql STABLE
  BEGIN ATOMIC SELECT * FROM gql.messages m WHERE m.id >= messages_from.first_id ORDER BY m.id; END;`

async function serve(database) {
  const pool = new pg.Pool({ database })
  const preset = {
    extends: [PostGraphileAmberPreset, IdentitiesPreset],
    pgServices: [makePgService({ pool, schemas: ['gql'] })],
    grafast: { explain: false },
  }
  const instance = postgraphile(preset)
  const server = http.createServer()
  await instance.createServ(grafserv).addTo(server) // resolves once the schema is built
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}/graphql`
  return {
    pool,
    async query(query, variables) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }) })
      return JSON.parse(await response.text()) // the client's own parser: JSON.parse
    },
    async close() { server.close(); await instance.release(); await pool.end() },
  }
}

async function edition(name, database, searchPath) {
  const setup = new pg.Client({ database })
  await setup.connect()
  await setup.query(`SET search_path = ${searchPath}`)
  await setup.query(SETUP)
  const texts = async (sql, params) => (await setup.query(sql, params)).rows
  const api = await serve(database)
  const data = async (query, variables) => {
    const result = await api.query(query, variables)
    assert.equal(result.errors, undefined, JSON.stringify(result.errors))
    return result.data
  }
  try {
    await check(`${name}: the columns are in the schema as the scalars DistributedId, Siq, Iuid (Snowflake: BigInt)`, async () => {
      const { __type } = await data('{ __type(name: "Message") { fields { name type { name kind ofType { name kind ofType { name } } } } } }')
      const name = (type) => type.kind === 'NON_NULL' ? name(type.ofType) : type.kind === 'LIST' ? `[${name(type.ofType)}]` : type.name
      const typeOf = Object.fromEntries(__type.fields.map((f) => [f.name, name(f.type)]))
      // PostGraphile's Amber preset calls a primary key column named id rowId (id is the Node interface's)
      assert.deepEqual({ rowId: typeOf.rowId, ref: typeOf.ref, rider: typeOf.rider, sf: typeOf.sf, refs: typeOf.refs },
        { rowId: 'DistributedId', ref: 'Siq', rider: 'Iuid', sf: 'BigInt', refs: '[Siq]' })
      const { s } = await data('{ s: __type(name: "DistributedId") { kind } }')
      assert.equal(s.kind, 'SCALAR')
    })
    const rows = await texts('SELECT m.id::text, m.ref::text, m.rider::text, m.sf::text, m.body FROM gql.messages m ORDER BY m.id')
    await check(`${name}: every row read exactly (${rows.length} rows, edges included), as strings equal to ::text`, async () => {
      const { allMessages } = await data('{ allMessages(orderBy: ROW_ID_ASC) { nodes { rowId ref rider sf refs body } } }')
      assert.equal(allMessages.nodes.length, rows.length)
      allMessages.nodes.forEach((node, n) => {
        assert.deepEqual({ id: node.rowId, ref: node.ref, rider: node.rider, sf: node.sf, body: node.body }, rows[n])
        assert.deepEqual(node.refs, [rows[n].ref, rows[n].ref])
      })
    })
    const edge = rows.find((row) => row.body === 'past 2^53')
    await check(`${name}: condition filters by each type`, async () => {
      for (const [field, value] of [['id', edge.id], ['ref', edge.ref], ['rider', edge.rider]]) {
        const { allMessages } = await data(`query ($v: ${{ id: 'DistributedId', ref: 'Siq', rider: 'Iuid' }[field]}!) {
          allMessages(condition: { ${field === 'id' ? 'rowId' : field}: $v }) { nodes { body } } }`, { v: value })
        assert.deepEqual(allMessages.nodes.map((n) => n.body), rows.filter((r) => r[field] === value).map((r) => r.body), field)
      }
    })
    await check(`${name}: unique lookups messageByRowId and messageByRef, literals and variables`, async () => {
      const byId = await data(`{ messageByRowId(rowId: "${edge.id}") { ref body } }`)
      assert.deepEqual(byId.messageByRowId, { ref: edge.ref, body: edge.body })
      const byRef = await data('query ($ref: Siq!) { messageByRef(ref: $ref) { rowId } }', { ref: edge.ref })
      assert.equal(byRef.messageByRef.rowId, edge.id)
    })
    await check(`${name}: functions take our types as arguments`, async () => {
      const found = await data('query ($ref: Siq!) { findMessage(ref: $ref) { rowId rider } }', { ref: edge.ref })
      assert.deepEqual(found.findMessage, { rowId: edge.id, rider: edge.rider })
      const from = await data('query ($id: DistributedId!) { messagesFrom(firstId: $id) { nodes { rowId } } }', { id: edge.id })
      assert.deepEqual(from.messagesFrom.nodes.map((n) => n.rowId), rows.filter((r) => BigInt(r.id) >= BigInt(edge.id)).map((r) => r.id))
    })
    await check(`${name}: mutations write our types exactly, and read them back`, async () => {
      const made = await data(`mutation ($m: MessageInput!) { createMessage(input: { message: $m }) { message { rowId ref rider } } }`,
        { m: { rowId: '1127127523679087863971182442', ref: '005e0bd2f0000000000000000007', rider: '01a20942-04f9-8001-8086-1378e8435032', body: 'made' } })
      assert.deepEqual(made.createMessage.message, { rowId: '1127127523679087863971182442', ref: '005e0bd2f0000000000000000007', rider: '01a20942-04f9-8001-8086-1378e8435032' })
      const generated = await data('mutation { createMessage(input: { message: { body: "defaults" } }) { message { rowId ref rider sf } } }')
      const stored = await texts("SELECT id::text AS \"rowId\", ref::text, rider::text, sf::text FROM gql.messages WHERE body = 'defaults'")
      assert.deepEqual(generated.createMessage.message, stored[0])
      await data(`mutation { updateMessageByRowId(input: { rowId: "${stored[0].rowId}", messagePatch: { ref: "00000000000000000000000000aa" } }) { message { ref } } }`)
      assert.equal((await texts("SELECT ref::text FROM gql.messages WHERE body = 'defaults'"))[0].ref, '00000000000000000000000000aa')
    })
    await check(`${name}: bad text is a GraphQL error (masked in production, as PostGraphile does), nothing written`, async () => {
      for (const bad of ['12a', '10000000000000000000000000000']) {
        const result = await api.query('mutation ($m: MessageInput!) { createMessage(input: { message: $m }) { message { rowId } } }',
          { m: { rowId: bad, body: 'bad' } })
        assert.ok(result.errors && result.errors.length === 1 && !(result.data && result.data.createMessage), JSON.stringify(result))
      }
      const wrongType = await api.query('{ messageByRowId(rowId: 5) { rowId } }') // a number is not the scalar's form
      assert.ok(wrongType.errors, JSON.stringify(wrongType))
      assert.equal((await texts("SELECT count(*)::int AS n FROM gql.messages WHERE body = 'bad'"))[0].n, 0)
    })
  } finally {
    await api.close()
    await setup.query('DROP SCHEMA gql CASCADE')
    await setup.end()
  }
}

async function main() {
  await edition('native', process.env.PGDATABASE, 'public')
  if (process.env.IDENTITIES_PORTABLE_DATABASE) {
    await edition('portable', process.env.IDENTITIES_PORTABLE_DATABASE, 'public, ids')
  } else {
    failed++
    console.log('not ok - portable: IDENTITIES_PORTABLE_DATABASE names no database of the portable edition')
  }
  process.exitCode = failed ? 1 : 0
}
main().catch((error) => { console.log(`not ok - PostGraphile: ${error.stack}`); process.exitCode = 1 })
