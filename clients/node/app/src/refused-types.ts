// What the declarations refuse: each line below must be a type error (tsc fails on an unused @ts-expect-error).
// Compiled with the rest, never run.
import type { Kysely } from 'kysely'
import type postgres from 'postgres'
import { siq } from 'identities-pg'
import type { SiqColumn, WithDefault, DistributedIdColumn } from 'identities-pg/kysely'
import { rides } from './examples/drizzle-schema.js'

interface Database {
  t: { id: WithDefault<DistributedIdColumn>; ref: SiqColumn }
}

export function refused(db: Kysely<Database>, sql: postgres.Sql<{ distributedid: bigint; siq: bigint; iuid: string }>): void {
  // @ts-expect-error a plain BigInt would go as decimal text, which siq reads as hex: SiqColumn takes siq(n) only
  db.insertInto('t').values({ ref: 255n })
  // @ts-expect-error identities-pg's node-postgres siq() is not a Kysely expression: use identities-pg/kysely's
  db.insertInto('t').values({ ref: siq(255n) })
  // @ts-expect-error a Drizzle siq column holds BigInts, not its hex text
  const row: typeof rides.$inferInsert = { ref: 'ff' }
  // @ts-expect-error a Drizzle distributedid is a BigInt, not a Number
  const id: typeof rides.$inferSelect.id = 5
  // @ts-expect-error postgres.js: an iuid parameter is its uuid string
  sql.typed.iuid(5)
  void [row, id]
}
