// identities-pg/postgraphile: distributedid, siq and iuid as the GraphQL string scalars DistributedId, Siq and Iuid
// in PostGraphile 5 (both editions of the extension). Add IdentitiesPreset to your preset's `extends`.
export declare const IdentitiesPlugin: {
  name: string
  version: string
  description: string
  before: string[]
  gather: object
  schema: object
}
export declare const IdentitiesPreset: { plugins: Array<typeof IdentitiesPlugin> }
