'use strict'
// Kysely helpers for the identities extension's types. Kysely's PostgresDialect runs on a node-postgres Pool, so
// register(pool) from identities-pg makes results native (distributedid and siq as BigInt, iuid as string); the
// column types of kysely.d.ts (DistributedIdColumn, SiqColumn, IuidColumn) type them in a Database interface.
//
//   .values({ ref: siq(n) })            a siq, sent as its hex text form (a plain BigInt would be read as hex)
//   .where('ref', '=', siq(n))          the same in a comparison (siq(n) is a Kysely expression of a bigint)
//   .where(within('rides.id', from, to)) the README's time window on the primary key

const { sql } = require('kysely')
const { Siq } = require('./core.js')

// A siq that is both identities-pg's Siq (node-postgres sends its hex text) and a Kysely expression, so that it
// fits wherever the column's bigint does: in values, set, where.
class SiqValue extends Siq {
  get expressionType() {
    return undefined
  }

  toOperationNode() {
    return sql`${new Siq(this)}`.toOperationNode()
  }
}

const siq = (value) => new SiqValue(value)

// `column <@ tstzrange(from, to)`: the ids created in the window, a range on the primary key.
function within(column, from, to) {
  return sql`${sql.ref(column)} <@ tstzrange(${from}::timestamptz, ${to}::timestamptz)`
}

module.exports = { siq, within, SiqValue }
