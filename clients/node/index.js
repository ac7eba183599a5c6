'use strict'
// node-postgres (pg 8) adapter for the identities extension's types.
//
//   const ids = require('identities-pg')
//   await ids.register(client)          // a connected pg.Client: its results only
//   await ids.register(pool)            // a pg.Pool, before its first query: every connection it opens
//
// Results:  distributedid -> BigInt, siq -> BigInt, iuid -> string (canonical lowercase uuid), and their arrays
//           -> arrays of those; with { int8AsBigInt: true } also bigint (Snowflake) -> BigInt.
// Params:   node-postgres sends parameters as untyped text. A BigInt becomes decimal text, right for distributedid,
//           WRONG for siq, whose text form is hexadecimal (in VALUES, in WHERE s = $1, as $1::siq): send siq(n),
//           or write $1::numeric in INSERT/UPDATE and $1::numeric::siq in a comparison.
//           distributedid(n) validates the range and sends decimal. An iuid is sent as its uuid string.

const pg = require('pg')

const DISTRIBUTEDID_MAX = 10n ** 28n - 1n
const SIQ_MAX = (1n << 112n) - 1n
// The binary (send/recv) forms: numeric's for distributedid and siq (extension 0.2.0 on; 0.1.0 sent 12 and 14
// big-endian bytes, legacyBinary below), the 16 bytes of a uuid for iuid.
const SIZE = { distributedid: 12, siq: 14, iuid: 16, uuid: 16 }
const UUID_OID = 2950
const UUID_ARRAY_OID = 2951
const INT8_OID = 20
const INT8_ARRAY_OID = 1016

// ---------------------------------------------------------------------------------------------------------------
// Values to send

class DistributedId {
  constructor(value) {
    this.value = toBigInt(value, 'distributedid', 10)
    if (this.value < 0n || this.value > DISTRIBUTEDID_MAX) {
      throw new RangeError(`${this.value} is out of range for a distributedid (0 ... 10^28 - 1)`)
    }
  }
  toPostgres() { return this.value.toString() } // decimal, the type's text form
  toString() { return this.value.toString() }
  toJSON() { return this.value.toString() }
}

class Siq {
  constructor(value) {
    // A string is the siq's own text form: 1 to 28 hex digits, as the database prints it.
    this.value = toBigInt(value, 'siq', 16)
    if (this.value < 0n || this.value > SIQ_MAX) {
      throw new RangeError(`${this.value} is out of range for a siq (0 ... 2^112 - 1)`)
    }
  }
  toPostgres() { return this.value.toString(16).padStart(28, '0') } // hex: the type's text form
  toString() { return this.toPostgres() }
  toJSON() { return this.toPostgres() }
}

// value: a BigInt, a safe integer Number, or a string of digits in `radix` (10: decimal, 16: hex, 1-28 digits).
function toBigInt(value, type, radix) {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`${value} is not a safe integer for a ${type}; use a BigInt`)
    }
    return BigInt(value)
  }
  if (typeof value === 'string') {
    const text = value.trim()
    if (radix === 16 && /^[0-9a-fA-F]{1,28}$/.test(text)) return BigInt('0x' + text)
    if (radix === 10 && /^[0-9]+$/.test(text)) return BigInt(text)
    throw new TypeError(`${JSON.stringify(value)} is not a ${type} (${radix === 16 ? '1-28 hex' : 'decimal'} digits)`)
  }
  throw new TypeError(`cannot make a ${type} of ${typeof value}`)
}

const distributedid = (value) => new DistributedId(value)
const siq = (value) => new Siq(value)

// ---------------------------------------------------------------------------------------------------------------
// Binary forms (binary COPY, binary results)

// numeric's binary form (PostgreSQL's numeric_send): int16 ndigits, int16 weight, uint16 sign, uint16 dscale, then
// ndigits base-10000 digits, the first of which multiplies 10000^weight; big-endian. Any form of an integer in
// 0 ... max is read (a dscale above 0, zero digits after the point); anything else is a RangeError.
function readNumericForm(buf, max, type) {
  const invalid = () => new RangeError(`not a ${type} in numeric's binary form: ${Buffer.isBuffer(buf) ? buf.toString('hex') : buf}`)
  if (!Buffer.isBuffer(buf) || buf.length < 8) throw invalid()
  const ndigits = buf.readUInt16BE(0)
  const weight = buf.readInt16BE(2)
  const sign = buf.readUInt16BE(4)
  if (buf.length !== 8 + 2 * ndigits || (sign !== 0 && sign !== 0x4000)) throw invalid()
  let value = 0n
  for (let i = 0; i < ndigits; i++) {
    const digit = buf.readUInt16BE(8 + 2 * i)
    if (digit > 9999) throw invalid()
    if (weight - i < 0) {
      if (digit !== 0) throw invalid() // a fraction
      continue
    }
    value = value * 10000n + BigInt(digit)
    if (value > max) throw invalid()
  }
  for (let position = weight - ndigits; position >= 0 && value !== 0n; position--) {
    value *= 10000n
    if (value > max) throw invalid()
  }
  if (sign === 0x4000 && value !== 0n) throw invalid()
  return value
}

// What numeric_send sends for a non-negative integer: dscale 0, trailing zero digits left out.
function writeNumericForm(value) {
  const digits = [] // least significant first
  for (let rest = value; rest > 0n; rest /= 10000n) digits.push(Number(rest % 10000n))
  const weight = digits.length ? digits.length - 1 : 0
  while (digits.length && digits[0] === 0) digits.shift()
  digits.reverse()
  const buf = Buffer.alloc(8 + 2 * digits.length)
  buf.writeUInt16BE(digits.length, 0)
  buf.writeInt16BE(weight, 2)
  digits.forEach((digit, i) => buf.writeUInt16BE(digit, 8 + 2 * i))
  return buf
}

function readUnsigned(buf, size, type) {
  if (!Buffer.isBuffer(buf) || buf.length !== size) {
    throw new RangeError(`a binary ${type} is ${size} bytes, got ${buf && buf.length}`)
  }
  return BigInt('0x' + (buf.toString('hex') || '0'))
}

function writeUnsigned(value, size) {
  return Buffer.from(value.toString(16).padStart(size * 2, '0'), 'hex')
}

function uuidText(buf, type) {
  if (!Buffer.isBuffer(buf) || buf.length !== 16) {
    throw new RangeError(`a binary ${type} is 16 bytes, got ${buf && buf.length}`)
  }
  const h = buf.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const decodeBinary = {
  distributedid: (buf) => readNumericForm(buf, DISTRIBUTEDID_MAX, 'distributedid'),
  siq: (buf) => readNumericForm(buf, SIQ_MAX, 'siq'),
  iuid: (buf) => uuidText(buf, 'iuid'),
  uuid: (buf) => uuidText(buf, 'uuid'),
  int8(buf) {
    if (!Buffer.isBuffer(buf) || buf.length !== 8) throw new RangeError('a binary bigint is 8 bytes')
    return buf.readBigInt64BE(0)
  },
  // PostgreSQL's binary array (array_send): ndim, has-nulls flag, element oid, (size, lower bound) per
  // dimension, then each element as int32 length (-1: NULL) and bytes. Returns nested JS arrays.
  array(buf, decodeElement) {
    let at = 0
    const int32 = () => {
      if (at + 4 > buf.length) throw new RangeError('truncated binary array')
      const v = buf.readInt32BE(at)
      at += 4
      return v
    }
    const ndim = int32()
    int32() // has nulls
    int32() // element type oid
    const sizes = []
    for (let d = 0; d < ndim; d++) {
      sizes.push(int32())
      int32() // lower bound (JS arrays start at 0 whatever it is, as the text parser does)
    }
    const read = (d) => {
      const out = []
      for (let i = 0; i < sizes[d]; i++) {
        if (d + 1 < ndim) {
          out.push(read(d + 1))
          continue
        }
        const len = int32()
        if (len === -1) {
          out.push(null)
        } else {
          if (at + len > buf.length) throw new RangeError('truncated binary array')
          out.push(decodeElement(buf.subarray(at, at + len)))
          at += len
        }
      }
      return out
    }
    const result = ndim === 0 ? [] : read(0)
    if (at !== buf.length) throw new RangeError('trailing bytes after a binary array')
    return result
  },
}

const encodeBinary = {
  distributedid: (value) => writeNumericForm(new DistributedId(value).value),
  siq: (value) => writeNumericForm(new Siq(value).value),
  iuid(text) {
    const hex = String(text).replace(/[-{}]/g, '')
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`${JSON.stringify(text)} is not a uuid`)
    return Buffer.from(hex, 'hex')
  },
  // A one-dimensional array in array_recv's form; elementOid must be the column's element type (lookupTypes()).
  array(values, elementOid, encodeElement) {
    const head = Buffer.alloc(values.length ? 20 : 12) // an empty array has no dimension
    head.writeInt32BE(values.length ? 1 : 0, 0)
    head.writeInt32BE(values.some((v) => v == null) ? 1 : 0, 4)
    head.writeUInt32BE(elementOid, 8)
    if (values.length) {
      head.writeInt32BE(values.length, 12)
      head.writeInt32BE(1, 16) // lower bound
    }
    const parts = [head]
    for (const v of values) {
      const len = Buffer.alloc(4)
      if (v == null) {
        len.writeInt32BE(-1, 0)
        parts.push(len)
      } else {
        const bytes = encodeElement(v)
        len.writeInt32BE(bytes.length, 0)
        parts.push(len, bytes)
      }
    }
    return Buffer.concat(parts)
  },
}

// The binary forms of a database whose extension is still 0.1.0: the 12 and 14 big-endian bytes.
const legacyBinary = {
  decode: {
    distributedid(buf) {
      const value = readUnsigned(buf, SIZE.distributedid, 'distributedid')
      if (value > DISTRIBUTEDID_MAX) throw new RangeError(`${value} is out of range for a distributedid`)
      return value
    },
    siq: (buf) => readUnsigned(buf, SIZE.siq, 'siq'),
  },
  encode: {
    distributedid: (value) => writeUnsigned(new DistributedId(value).value, SIZE.distributedid),
    siq: (value) => writeUnsigned(new Siq(value).value, SIZE.siq),
  },
}

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

const parseText = {
  distributedid: (text) => BigInt(text),
  siq: (text) => BigInt('0x' + text),
  iuid: (text) => text,
  int8: (text) => BigInt(text),
}
const parseTextArray = (parseElement) => (text) => pg.types.arrayParser.create(text, parseElement).parse()

// The extension's types in this database, in whatever schema it was created: { distributedid: { oid, arrayOid },
// iuid: ..., siq: ..., version }, version being the extension's (its binary forms follow it). `queryable` is
// anything with query(): a client or a pool.
async function lookupTypes(queryable) {
  const { rows } = await queryable.query(`
    SELECT t.typname, t.oid, t.typarray, e.extversion
      FROM pg_catalog.pg_extension e
      JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_extension'::regclass AND d.refobjid = e.oid
       AND d.classid = 'pg_catalog.pg_type'::regclass AND d.deptype = 'e'
      JOIN pg_catalog.pg_type t ON t.oid = d.objid
     WHERE e.extname = 'identities' AND t.typname IN ('distributedid', 'iuid', 'siq')`)
  if (rows.length !== 3) {
    throw new Error('identities-pg: the identities extension is not installed in this database')
  }
  const types = {}
  for (const row of rows) types[row.typname] = { oid: Number(row.oid), arrayOid: Number(row.typarray) }
  Object.defineProperty(types, 'version', { value: rows[0].extversion, enumerable: false })
  return types
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
  for (const name of ['distributedid', 'siq', 'iuid']) {
    add(types[name].oid, types[name].arrayOid, name, parseText[name], decoders[name])
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
  DistributedId,
  Siq,
  parseText,
  decodeBinary,
  encodeBinary,
  legacyBinary,
  DISTRIBUTEDID_MAX,
  SIQ_MAX,
}
