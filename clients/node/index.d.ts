// node-postgres (pg 8) adapter for the identities extension's types.
import type { IdentitiesTypes } from './core.js'

export {
  DISTRIBUTEDID_MAX, SIQ_MAX, DistributedId, Siq, distributedid, siq, iuid, ulid, ulidTimestamp, ulidToUuid,
  ulidFromUuid, parseText, decodeBinary, encodeBinary, legacyBinary, NestedArray, TypeOids, IdentitiesTypes,
} from './core.js'

/** Anything with node-postgres's query(): a Client, a PoolClient, a Pool. */
export interface Queryable {
  query(text: string): Promise<{ rows: any[] }>
}

/** A connected pg.Client, or a client checked out of a pool. */
export interface ClientLike extends Queryable {
  setTypeParser(oid: number, format: 'text' | 'binary', parse: (value: any) => any): void
}

/** A pg.Pool. */
export interface PoolLike extends Queryable {
  connect(): Promise<ClientLike & { release(): void }>
  on(event: 'connect', listener: (client: ClientLike) => void): unknown
  readonly totalCount: number
}

export interface RegisterOptions {
  /** Parse bigint (int8: Snowflakes) as BigInt instead of node-postgres's string. */
  int8AsBigInt?: boolean
  /** distributedid and siq as DistributedId and Siq objects (`.value` the BigInt): JSON.stringify writes them as the
   * server's to_json does, where it refuses a BigInt. */
  wrap?: boolean
}

export interface TypeParser {
  oid: number
  format: 'text' | 'binary'
  parse: (value: any) => unknown
}

/**
 * Makes the types native values in the results of one client (its lifetime), or of every connection a pool opens
 * (call it before the pool's first query): distributedid and siq as BigInt, iuid and ulid as string, their arrays as
 * arrays. Nothing global changes. Resolves to the looked-up types.
 */
export declare function register(target: ClientLike | PoolLike, options?: RegisterOptions): Promise<IdentitiesTypes>

/** The extension's types in this database, in whatever schema it was created. */
export declare function lookupTypes(queryable: Queryable): Promise<IdentitiesTypes>

/** Every parser register() installs, for pg.types.setTypeParser (process-wide) or client.setTypeParser. */
export declare function typeParsers(types: IdentitiesTypes, options?: RegisterOptions): TypeParser[]
