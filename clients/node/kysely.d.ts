// Kysely column types and helpers for the identities extension's types (kysely.mjs and kysely.js), with
// identities-pg's register(pool) on the pg Pool of Kysely's PostgresDialect. kysely.d.mts re-exports these, as
// kysely.mjs re-exports kysely.js (Kysely's types are interfaces, the same from either of its builds).
import type { ColumnType, Expression, OperationNode, RawBuilder, SqlBool } from 'kysely'
import type { DistributedId, Siq } from './core.js'

/** A distributedid column: a BigInt; written as a BigInt, a string of digits or distributedid(n). */
export type DistributedIdColumn = ColumnType<bigint, bigint | string | DistributedId, bigint | string | DistributedId>
/** A siq column: a BigInt; written only as siq(n) (a plain BigInt would go as decimal text, which siq reads as hex). */
export type SiqColumn = ColumnType<bigint, SiqValue, SiqValue>
/** An iuid column: the canonical uuid string. */
export type IuidColumn = ColumnType<string, string, string>
/** A column with a DEFAULT (a generator): optional on insert. Kysely's Generated<T> would wrap the ColumnType. */
export type WithDefault<C> = C extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : never
/** Arrays of them (null elements for NULL). */
export type DistributedIdArrayColumn = ColumnType<Array<bigint | null>, Array<bigint | string | DistributedId | null>,
  Array<bigint | string | DistributedId | null>>
export type SiqArrayColumn = ColumnType<Array<bigint | null>, Array<SiqValue | null>, Array<SiqValue | null>>
export type IuidArrayColumn = ColumnType<Array<string | null>, Array<string | null>, Array<string | null>>

/** A siq that node-postgres sends as its hex text and Kysely takes as an expression of a bigint. */
export declare class SiqValue extends Siq implements Expression<bigint> {
  get expressionType(): bigint | undefined
  toOperationNode(): OperationNode
}

/** Checked (0 ... 2^112 - 1) before anything is sent: a RangeError or TypeError. */
export declare function siq(value: bigint | number | string | Siq): SiqValue

/** `column <@ tstzrange(from, to)`: the rows whose id was made in the window, a range on the primary key. */
export declare function within(column: string, from: Date | string | null | Expression<unknown>,
  to: Date | string | null | Expression<unknown>): RawBuilder<SqlBool>
