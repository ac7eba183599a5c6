// The identities types' values and forms, shared by every entry point of identities-pg.

/** 10^28 - 1, the largest distributedid. */
export declare const DISTRIBUTEDID_MAX: bigint
/** 2^112 - 1, the largest siq. */
export declare const SIQ_MAX: bigint

/** A distributedid to send: checked (0 ... 10^28 - 1), sent as decimal digits. */
export declare class DistributedId {
  /** A BigInt, a safe-integer Number, a string of decimal digits, or a DistributedId. */
  constructor(value: bigint | number | string | DistributedId)
  readonly value: bigint
  toPostgres(): string
  toString(): string
  toJSON(): string
}

/** A siq to send: checked (0 ... 2^112 - 1), sent as its 28 hex digits (siq's text form is hexadecimal). */
export declare class Siq {
  /** A BigInt, a safe-integer Number, a string of 1-28 hex digits (siq's text form), or a Siq. */
  constructor(value: bigint | number | string | Siq)
  readonly value: bigint
  toPostgres(): string
  toString(): string
  toJSON(): string
}

/** Throws a RangeError (out of range, not an integer) or a TypeError (not digits) before anything is sent. */
export declare function distributedid(value: bigint | number | string | DistributedId): DistributedId
/** Throws a RangeError (out of range, not an integer) or a TypeError (not hex digits) before anything is sent. */
export declare function siq(value: bigint | number | string | Siq): Siq
/** The canonical lowercase text of a uuid of version 8, variant 10; a TypeError for anything else. */
export declare function iuid(value: string): string

/**
 * A ULID's canonical text (26 upper-case characters of Crockford's base32) from any text the database reads: either
 * case, I and L as 1, O as 0. A TypeError for another length or character (U among them), a RangeError for a first
 * character above 7, before anything is sent.
 */
export declare function ulid(value: string): string
/** A ULID's timestamp: its 48-bit Unix milliseconds (`new Date(ms)` for a Date). Throws as ulid() does. */
export declare function ulidTimestamp(value: string): number
/** The uuid of a ULID's 128 bits (what `ulid::uuid` gives), in canonical lowercase text. */
export declare function ulidToUuid(value: string): string
/** The ULID of a uuid's 128 bits (any case, hyphens or braces), as `uuid::ulid`; a TypeError for what is no uuid. */
export declare function ulidFromUuid(value: string): string

/** The types' text forms, parsed: decimal digits, hex digits, a uuid, a bigint (NULL, an array's NULL element: null). */
export declare const parseText: {
  distributedid(text: string): bigint
  siq(text: string): bigint
  iuid(text: string): string
  ulid(text: string): string
  int8(text: string): bigint
}

/** The binary (send/recv) forms, read: numeric's for distributedid and siq, a uuid's 16 bytes for iuid and ulid. */
export declare const decodeBinary: {
  distributedid(bytes: Uint8Array): bigint
  siq(bytes: Uint8Array): bigint
  iuid(bytes: Uint8Array): string
  uuid(bytes: Uint8Array): string
  /** The 16 bytes (big-endian) as the ULID's 26 characters. */
  ulid(bytes: Uint8Array): string
  int8(bytes: Uint8Array): bigint
  /** PostgreSQL's binary array, as nested arrays (null for NULL). */
  array<T>(bytes: Uint8Array, decodeElement: (bytes: Uint8Array) => T): NestedArray<T>
}

/** The binary forms, written (binary COPY). */
export declare const encodeBinary: {
  distributedid(value: bigint | number | string | DistributedId): Buffer
  siq(value: bigint | number | string | Siq): Buffer
  iuid(text: string): Buffer
  /** A ULID's text (as ulid() reads it) as its 16 bytes, big-endian. */
  ulid(text: string): Buffer
  /** A one-dimensional array; elementOid: the element type's oid (lookupTypes()). */
  array<T>(values: ReadonlyArray<T | null>, elementOid: number, encodeElement: (value: T) => Buffer): Buffer
}

/** The binary forms of extension 0.1.0 (12 and 14 big-endian bytes), for a database not updated yet. */
export declare const legacyBinary: {
  decode: { distributedid(bytes: Uint8Array): bigint; siq(bytes: Uint8Array): bigint }
  encode: {
    distributedid(value: bigint | number | string | DistributedId): Buffer
    siq(value: bigint | number | string | Siq): Buffer
  }
}

export type NestedArray<T> = Array<T | null | NestedArray<T>>

/** A type's oid and its array type's oid in one database. */
export interface TypeOids {
  oid: number
  arrayOid: number
}

/** The extension's types in one database; version: the extension's (its binary forms follow it). */
export interface IdentitiesTypes {
  distributedid: TypeOids
  iuid: TypeOids
  siq: TypeOids
  /** Absent where the extension is still 0.1.0 (its update to 0.2.0 creates the type). */
  ulid?: TypeOids
  readonly version: string
}
