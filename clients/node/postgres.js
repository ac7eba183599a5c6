'use strict'
// postgres.js (the `postgres` package, 3.x) custom types for the identities extension's types.
//
//   const postgres = require('postgres')
//   const { identitiesTypes } = require('identities-pg/postgres')
//   const lookup = postgres({ max: 1 })
//   const sql = postgres({ types: await identitiesTypes(lookup) })   // the oids of this database
//   await lookup.end()
//
// Results:  distributedid -> BigInt, siq -> BigInt, iuid -> string, ulid -> string (its 26 characters), and their
//           arrays (postgres.js makes the array parsers from these when it connects).
// Params:   sql.typed.distributedid(v), sql.typed.siq(v), sql.typed.iuid(v), sql.typed.ulid(v) send a typed parameter, checked here
//           first (a RangeError or TypeError before anything is sent). A string or Number compared with or written
//           to such a column is checked the same way (postgres.js asks the server the parameter's type). A plain
//           BigInt is sent as a bigint by postgres.js: right by value, but an id above 2^63 - 1 is refused (22003).

const { DistributedId, Siq, iuid, ulid, parseText, LOOKUP_TYPES_SQL, typesFromRows } = require('./core.js')

// The types in the database `sql` reaches (any postgres.js instance: it runs one query).
async function lookupTypes(sql) {
  return typesFromRows(await sql.unsafe(LOOKUP_TYPES_SQL))
}

// postgres.js's `types` option for the looked-up types.
function postgresTypes(types) {
  const type = (name, serialize) => ({
    to: types[name].oid,
    from: [types[name].oid],
    serialize,
    parse: parseText[name],
  })
  return {
    distributedid: type('distributedid', (value) => new DistributedId(value).toPostgres()),
    siq: type('siq', (value) => new Siq(value).toPostgres()),
    iuid: type('iuid', iuid),
    // none in a database still on extension 0.1.0
    ...(types.ulid ? { ulid: type('ulid', ulid) } : {}),
  }
}

async function identitiesTypes(sql) {
  return postgresTypes(await lookupTypes(sql))
}

module.exports = { identitiesTypes, lookupTypes, postgresTypes }
