// The ES module face of kysely.js (kysely.mjs re-exports it): the same declarations, written once in kysely.d.ts.
export * from './kysely.js'
