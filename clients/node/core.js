'use strict'
// The identities types' values and forms, for any driver: the wrappers that validate what is sent, the text
// parsers, and the binary (send/recv) forms. No driver is required here.

const DISTRIBUTEDID_MAX = 10n ** 28n - 1n
const SIQ_MAX = (1n << 112n) - 1n
// The binary (send/recv) forms: numeric's for distributedid and siq (extension 0.2.0 on; 0.1.0 sent 12 and 14
// big-endian bytes, legacyBinary below), the 16 bytes of a uuid for iuid and ulid.
const SIZE = { distributedid: 12, siq: 14, iuid: 16, uuid: 16, ulid: 16 }

// ---------------------------------------------------------------------------------------------------------------
// Values to send

class DistributedId {
  constructor(value) {
    this.value = value instanceof DistributedId ? value.value : toBigInt(value, 'distributedid', 10)
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
    this.value = value instanceof Siq ? value.value : toBigInt(value, 'siq', 16)
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

// An iUID as the database takes it: a uuid of version 8 and variant 10 (RFC 4122), any case, with or without
// hyphens or braces. Returns its canonical lowercase text; anything else is a TypeError, before it is sent.
function iuid(value) {
  const hex = typeof value === 'string' ? value.trim().replace(/^\{(.*)\}$/, '$1').replace(/-/g, '') : ''
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`${JSON.stringify(value)} is not a uuid, so not an iuid`)
  const h = hex.toLowerCase()
  if (h[12] !== '8' || !'89ab'.includes(h[16])) {
    throw new TypeError(`${value} is not an iuid (a uuid of version 8, variant 10)`)
  }
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// A ULID (github.com/ulid/spec) is held as its canonical text: 26 characters of Crockford's base32, upper case, so
// ULIDs sort as strings in the order of their bits and times. ulid(text) reads a text as the database does (either
// case, I and L as 1, O as 0) and returns that canonical text; another length or character (U among them) is a
// TypeError, a first character above 7 (past 2^128 - 1) a RangeError, before anything is sent.
const ULID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const ULID_VALUES = new Map([...ULID_ALPHABET].flatMap((c, v) => [[c, v], [c.toLowerCase(), v]]))
for (const [c, v] of [['I', 1], ['L', 1], ['O', 0]]) ULID_VALUES.set(c, v).set(c.toLowerCase(), v)

function ulidToBigInt(value) {
  if (typeof value !== 'string' || value.length !== 26) {
    throw new TypeError(`${JSON.stringify(value)} is not a ulid (26 characters of Crockford's base32)`)
  }
  let n = 0n
  for (const c of value) {
    const v = ULID_VALUES.get(c)
    if (v === undefined) throw new TypeError(`${JSON.stringify(value)} is not a ulid: ${JSON.stringify(c)} is not Crockford's base32`)
    n = (n << 5n) | BigInt(v)
  }
  if (n >> 128n) throw new RangeError(`${value} is out of range for a ulid (its first character is above 7)`)
  return n
}

function ulidFromBigInt(n) {
  let text = ''
  for (let shift = 125n; shift >= 0n; shift -= 5n) text += ULID_ALPHABET[Number((n >> shift) & 31n)]
  return text
}

const ulid = (value) => ulidFromBigInt(ulidToBigInt(value))
// The timestamp: the 48-bit Unix milliseconds of its first 10 characters, a Number (new Date(ms) for a Date).
const ulidTimestamp = (value) => Number(ulidToBigInt(value) >> 80n)
// The uuid of the same 128 bits (ulid::uuid), and back: any uuid is a ULID's bits.
const ulidToUuid = (value) => uuidText(Buffer.from(ulidToBigInt(value).toString(16).padStart(32, '0'), 'hex'), 'ulid')
function ulidFromUuid(value) {
  const hex = typeof value === 'string' ? value.trim().replace(/^\{(.*)\}$/, '$1').replace(/-/g, '') : ''
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`${JSON.stringify(value)} is not a uuid`)
  return ulidFromBigInt(BigInt('0x' + hex))
}

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
  // a ulid's binary form is uuid's: its 16 bytes, big-endian
  ulid: (buf) => ulidFromBigInt(readUnsigned(buf, SIZE.ulid, 'ulid')),
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
  ulid: (text) => writeUnsigned(ulidToBigInt(text), SIZE.ulid),
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

// ---------------------------------------------------------------------------------------------------------------
// Text forms and the types' oids

// The array parsers of postgres.js and Drizzle hand a NULL element to the element's parser as the text NULL, which
// no value of these types prints as: it is read as null.
const orNull = (parse) => (text) => (text === 'NULL' ? null : parse(text))
const parseText = {
  distributedid: orNull((text) => BigInt(text)),
  siq: orNull((text) => BigInt('0x' + text)),
  iuid: orNull((text) => text),
  ulid: orNull((text) => text), // the database's text is the canonical one
  int8: orNull((text) => BigInt(text)),
}

// The extension's types in the current database, in whatever schema it was created: rows of (typname, oid,
// typarray, extversion). The oids differ from one database to another, so every driver looks them up.
const LOOKUP_TYPES_SQL = `
    SELECT t.typname, t.oid, t.typarray, e.extversion
      FROM pg_catalog.pg_extension e
      JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_extension'::regclass AND d.refobjid = e.oid
       AND d.classid = 'pg_catalog.pg_type'::regclass AND d.deptype = 'e'
      JOIN pg_catalog.pg_type t ON t.oid = d.objid
     WHERE e.extname = 'identities' AND t.typname IN ('distributedid', 'iuid', 'siq', 'ulid')`

// rows: LOOKUP_TYPES_SQL's. Returns { distributedid: { oid, arrayOid }, iuid: ..., siq: ..., ulid: ... } with a
// non-enumerable version (the extension's: its binary forms follow it). ulid is left out of a database still on
// extension 0.1.0, which has none (its update to 0.2.0 creates it).
function typesFromRows(rows) {
  const names = rows.map((row) => row.typname)
  if (!['distributedid', 'iuid', 'siq'].every((name) => names.includes(name))) {
    throw new Error('identities-pg: the identities extension is not installed in this database')
  }
  const types = {}
  for (const row of rows) types[row.typname] = { oid: Number(row.oid), arrayOid: Number(row.typarray) }
  Object.defineProperty(types, 'version', { value: rows[0].extversion, enumerable: false })
  return types
}

// ---------------------------------------------------------------------------------------------------------------
// Drizzle ORM's customType() parameters, shared by drizzle.js (CommonJS) and drizzle.mjs (ES module): each loads
// the drizzle-orm its importer uses. What is written or compared is checked, then sent as the type's text form,
// which the server reads as the column's type (a siq as its hex digits). Results: whatever the driver gives, text
// (Drizzle's node-postgres driver bypasses a client's parsers) or BigInts (postgres.js with identitiesTypes).
const drizzleColumns = {
  distributedid: {
    dataType: () => 'distributedid',
    toDriver: (value) => new DistributedId(value).toPostgres(),
    fromDriver: (value) => (typeof value === 'bigint' ? value : parseText.distributedid(value)),
  },
  siq: {
    dataType: () => 'siq',
    toDriver: (value) => new Siq(value).toPostgres(),
    fromDriver: (value) => (typeof value === 'bigint' ? value : parseText.siq(value)),
  },
  iuid: {
    dataType: () => 'iuid',
    toDriver: iuid,
    fromDriver: parseText.iuid,
  },
}

module.exports = {
  DISTRIBUTEDID_MAX,
  SIQ_MAX,
  DistributedId,
  Siq,
  distributedid,
  siq,
  iuid,
  ulid,
  ulidTimestamp,
  ulidToUuid,
  ulidFromUuid,
  parseText,
  decodeBinary,
  encodeBinary,
  legacyBinary,
  LOOKUP_TYPES_SQL,
  typesFromRows,
  drizzleColumns,
}
