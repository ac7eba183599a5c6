'use strict'
// node-postgres (pg 8) adapter for the identities extension's types.
//
//   const ids = require('identities-pg')
//   await ids.register(client)          // a connected pg.Client: its results only
//   await ids.register(pool)            // a pg.Pool, before its first query: every connection it opens
//
// Results:  distributedid -> BigInt, siq -> BigInt, iuid -> string (canonical lowercase uuid), ulid -> string (its
//           26 upper-case characters of Crockford's base32; extension 0.2.0 on), and their arrays
//           -> arrays of those; with { int8AsBigInt: true } also bigint (Snowflake) -> BigInt; with { wrap: true }
//           distributedid -> DistributedId, siq -> Siq (JSON.stringify writes them as the server's to_json does).
// Params:   node-postgres sends parameters as untyped text. A BigInt becomes decimal text, right for distributedid,
//           WRONG for siq, whose text form is hexadecimal (in VALUES, in WHERE s = $1, as $1::siq): send siq(n),
//           or write $1::numeric in INSERT/UPDATE and $1::numeric::siq in a comparison.
//           distributedid(n) validates the range and sends decimal. An iuid is sent as its uuid string (iuid(text)
//           checks that it is one, version 8 and variant 10, before it is sent). A ulid is its 26-character text,
//           as it arrives (ulid(text) checks a text and makes it canonical: upper case, I L O read as 1 1 0); a uuid
//           string of the same 128 bits goes as $1::uuid (uuid -> ulid on assignment, and ulid = uuid compares);
//           ulidTimestamp(text) is its Unix milliseconds.

const pg = require('pg')

const {
  DISTRIBUTEDID_MAX, SIQ_MAX, DistributedId, Siq, distributedid, siq, iuid, ulid, ulidTimestamp, ulidToUuid,
  ulidFromUuid, parseText, decodeBinary, encodeBinary, legacyBinary, LOOKUP_TYPES_SQL, typesFromRows,
} = require('./core.js')

const UUID_OID = 2950
const UUID_ARRAY_OID = 2951
const INT8_OID = 20
const INT8_ARRAY_OID = 1016

// node-postgres 8 (up to at least 8.23.1) reads every result field as UTF-8 text, and for a binary field turns
// that text back into a Buffer (brianc/node-postgres#3495). Bytes that are not valid UTF-8 come back as U+FFFD
// (EF BF BD): random id bytes are destroyed, and nothing can restore them. Any corruption leaves that sequence,
// so a field holding it is refused: an error rather than a wrong id (a genuine EF BF BD is refused too, a 2^-24
// chance per position; text results have no such problem). In rowMode 'array' the field is still a string.
const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd])
function binaryResult(type, decode) {
  return (raw) => {
    const buf = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw
    if (buf.includes(REPLACEMENT)) {
      throw new Error(`identities-pg: node-postgres corrupted a binary ${type} result (it decodes binary fields ` +
        'as UTF-8, brianc/node-postgres#3495); query it in text format')
    }
    return decode(buf)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Parsers and registration

const parseTextArray = (parseElement) => (text) => pg.types.arrayParser.create(text, parseElement).parse()

// The extension's types in this database, in whatever schema it was created: { distributedid: { oid, arrayOid },
// iuid: ..., siq: ..., version }, version being the extension's (its binary forms follow it). `queryable` is
// anything with query(): a client or a pool.
async function lookupTypes(queryable) {
  const { rows } = await queryable.query(LOOKUP_TYPES_SQL)
  return typesFromRows(rows)
}

// Every parser to install, as { oid, format, parse }: usable with client.setTypeParser, or globally with
// pg.types.setTypeParser (which affects every client of that pg module).
function typeParsers(types, options = {}) {
  const parsers = []
  const add = (oid, arrayOid, name, text, binary) => {
    if (text) {
      parsers.push({ oid, format: 'text', parse: text })
      parsers.push({ oid: arrayOid, format: 'text', parse: parseTextArray(text) })
    }
    parsers.push({ oid, format: 'binary', parse: binaryResult(name, binary) })
    parsers.push({ oid: arrayOid, format: 'binary',
      parse: binaryResult(`${name}[]`, (buf) => decodeBinary.array(buf, binary)) })
  }
  const decoders = types.version === '0.1.0' ? { ...decodeBinary, ...legacyBinary.decode } : decodeBinary
  // options.wrap: distributedid and siq as their wrappers (whose toJSON is the server's to_json) instead of BigInts
  const wrapper = { distributedid: DistributedId, siq: Siq }
  const wrapped = (name, parse) => options.wrap && wrapper[name] ? (raw) => new wrapper[name](parse(raw)) : parse
  for (const name of ['distributedid', 'siq', 'iuid', 'ulid']) {
    if (!types[name]) continue // ulid, in a database still on extension 0.1.0
    add(types[name].oid, types[name].arrayOid, name, wrapped(name, parseText[name]), wrapped(name, decoders[name]))
  }
  // The uuid formats (DistributedId128, HotGuid, LUUID, UUIDv7, public ids): node-postgres already gives the
  // text form as a string, but has no binary uuid parser (it would return the bytes as a garbled string).
  add(UUID_OID, UUID_ARRAY_OID, 'uuid', null, decodeBinary.uuid)
  if (options.int8AsBigInt) add(INT8_OID, INT8_ARRAY_OID, 'bigint', parseText.int8, decodeBinary.int8)
  return parsers
}

function install(client, parsers) {
  for (const { oid, format, parse } of parsers) client.setTypeParser(oid, format, parse)
}

// register(client, options): a connected pg.Client (or a client checked out of a pool, for its lifetime).
// register(pool, options): a pg.Pool that has not opened a connection yet; every connection it opens gets them.
// options.int8AsBigInt: parse bigint (int8, e.g. Snowflakes) as BigInt instead of node-postgres' string.
// options.wrap: distributedid and siq results as DistributedId and Siq objects (.value the BigInt) rather than
// BigInts, which JSON.stringify refuses: an object's toJSON writes its text form, the JSON string the server's
// to_json gives (a siq in hex), so rows go to a web API as they are.
// Resolves to the looked-up types.
async function register(target, options = {}) {
  if (typeof target.setTypeParser === 'function') {
    const types = await lookupTypes(target)
    install(target, typeParsers(types, options))
    return types
  }
  if (typeof target.connect === 'function' && typeof target.on === 'function' && 'totalCount' in target) {
    // A pool's open connections could not all be reached (an idle one has no public handle): refuse to
    // register half of them.
    if (target.totalCount > 0) {
      throw new Error('identities-pg: register(pool) before the pool opens a connection')
    }
    const client = await target.connect()
    try {
      const types = await lookupTypes(client)
      const parsers = typeParsers(types, options)
      install(client, parsers)
      target.on('connect', (newClient) => install(newClient, parsers))
      return types
    } finally {
      client.release()
    }
  }
  throw new TypeError('identities-pg: register() wants a pg.Client or a pg.Pool')
}

module.exports = {
  register,
  lookupTypes,
  typeParsers,
  distributedid,
  siq,
  iuid,
  ulid,
  ulidTimestamp,
  ulidToUuid,
  ulidFromUuid,
  DistributedId,
  Siq,
  parseText,
  decodeBinary,
  encodeBinary,
  legacyBinary,
  DISTRIBUTEDID_MAX,
  SIQ_MAX,
}
