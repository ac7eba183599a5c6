// postgres.js (the `postgres` package, 3.x) custom types for the identities extension's types.
import type { DistributedId, Siq, IdentitiesTypes } from './core.js'

/** One entry of postgres.js's `types` option. */
export type PostgresType<T, Input> = {
  to: number
  from: number[]
  serialize: (value: Input) => string
  parse: (text: string) => T
}

/** postgres.js's `types` option: sql.typed.distributedid(v), sql.typed.siq(v), sql.typed.iuid(v), sql.typed.ulid(v). */
export type IdentitiesPostgresTypes = {
  distributedid: PostgresType<bigint, bigint | number | string | DistributedId>
  siq: PostgresType<bigint, bigint | number | string | Siq>
  iuid: PostgresType<string, string>
  /** The ULID's 26-character text; absent where the extension is still 0.1.0. */
  ulid?: PostgresType<string, string>
}

/** Anything with postgres.js's unsafe(): a postgres() instance. */
export interface UnsafeQueryable {
  unsafe(query: string): PromiseLike<any[]>
}

/** Looks the types up through `sql` (one query), then returns the `types` option for a postgres() instance. */
export declare function identitiesTypes(sql: UnsafeQueryable): Promise<IdentitiesPostgresTypes>
export declare function lookupTypes(sql: UnsafeQueryable): Promise<IdentitiesTypes>
export declare function postgresTypes(types: IdentitiesTypes): IdentitiesPostgresTypes
