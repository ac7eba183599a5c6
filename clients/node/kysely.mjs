// Kysely helpers for the identities extension's types: the ES module face of kysely.js (Kysely takes any
// expression by its shape, so one implementation serves both).
import kysely from './kysely.js'

export const { siq, within, SiqValue } = kysely
