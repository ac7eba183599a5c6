// Drizzle ORM (drizzle-orm/pg-core) column types for the identities extension's types (drizzle.mjs and drizzle.js).
// Written once, here; drizzle.d.mts is a copy the package's prepare script makes (npm install, npm ci, npm pack),
// as drizzle-orm ships its own .d.ts and .d.cts: the same text resolves 'drizzle-orm' by the file's module format,
// and an ES module application needs drizzle-orm's ES module types (its SQL class, told apart by a private member,
// is not the CommonJS one), which drizzle.mjs uses too.
import type { customType } from 'drizzle-orm/pg-core'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { DistributedId, Siq } from './core.js'

/** A distributedid column: a BigInt (0 ... 10^28 - 1) in JavaScript. */
export declare const distributedid: ReturnType<typeof customType<{ data: bigint; driverData: string | bigint }>>
/** A siq column: a BigInt (0 ... 2^112 - 1), sent as its hex text form. */
export declare const siq: ReturnType<typeof customType<{ data: bigint; driverData: string | bigint }>>
/** An iuid column: the canonical uuid string; a uuid that is not version 8 / variant 10 is refused before it is sent. */
export declare const iuid: ReturnType<typeof customType<{ data: string; driverData: string }>>

type Instant = Date | string | null | SQLWrapper

/** `column <@ tstzrange(from, to)`: the rows whose id was made in the window, a range on the primary key. */
export declare function within(column: SQLWrapper, from: Instant, to: Instant): SQL

export type { DistributedId, Siq }
