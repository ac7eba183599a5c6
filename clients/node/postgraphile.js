'use strict'
// PostGraphile 5 plugin for the identities extension's types: distributedid, siq and iuid appear in the GraphQL
// schema as the string scalars DistributedId, Siq and Iuid (their text forms, exact in every language), where
// PostGraphile would otherwise drop the columns of types it has no codec for. They work as outputs, in `condition`
// filters, in unique lookups (`orderById(id: ...)`), as function arguments and in mutations. The same scalars are
// given to the portable edition's domains of those names (over numeric, text and uuid), so an API keeps its schema
// when a database moves between the editions.
//
//   const { IdentitiesPreset } = require('identities-pg/postgraphile')
//   const preset = { extends: [PostGraphileAmberPreset, IdentitiesPreset], pgServices: [makePgService({ ... })] }
//
// Snowflakes are bigint columns: PostGraphile's BigInt scalar is already a string.

const SCALARS = { distributedid: 'DistributedId', siq: 'Siq', iuid: 'Iuid' }
const DESCRIPTIONS = {
  distributedid: 'A DistributedId (Architect.Identities): 28 decimal digits, as a string (JavaScript numbers keep 53 bits).',
  siq: 'A SIQ (SUOU): 28 hexadecimal digits; on input also its did:siq: and base32 forms.',
  iuid: 'An iUID (inDrive): a version 8 UUID carrying a country and a service entity.',
}

// Is `pgType` one of our types: named so, in a schema that holds all three (the native extension's types, or the
// portable edition's domains)? PostGraphile introspects every type, but only the functions of the exposed schemas.
async function isOurs(info, serviceName, pgType) {
  const { introspection } = await info.helpers.pgIntrospection.getService(serviceName)
  const names = new Set(introspection.types.filter((type) => type.typnamespace === pgType.typnamespace)
    .map((type) => type.typname))
  return Object.keys(SCALARS).every((name) => names.has(name))
}

const IdentitiesPlugin = {
  name: 'IdentitiesPlugin',
  version: require('./package.json').version,
  description: 'distributedid, siq and iuid as the string scalars DistributedId, Siq and Iuid',
  before: ['PgCodecsPlugin'],
  gather: {
    initialState: () => ({ codecs: new Map() }), // one codec per type: PostGraphile asks again for each use
    hooks: {
      async pgCodecs_findPgCodec(info, event) {
        if (event.pgCodec) return
        const { serviceName, pgType } = event
        const { sql, dataplanPg: { listOfCodec } } = info.lib
        const array = pgType.typcategory === 'A'
        const elementType = array ? await info.helpers.pgIntrospection.getType(serviceName, pgType.typelem) : pgType
        if (!elementType || !SCALARS[elementType.typname] || !(await isOurs(info, serviceName, elementType))) return
        const key = `${serviceName}:${pgType._id}`
        if (info.state.codecs.has(key)) {
          event.pgCodec = info.state.codecs.get(key)
          return
        }
        const namespace = await info.helpers.pgIntrospection.getNamespace(serviceName, elementType.typnamespace)
        // PostGraphile selects a value as its text (::text) and sends a parameter as text cast to the type: the
        // codec passes the text form through, in both directions.
        const codec = {
          name: elementType.typname,
          sqlType: sql.identifier(namespace.nspname, elementType.typname),
          fromPg: (text) => text,
          toPg: (text) => text,
          executor: null,
          attributes: undefined,
          extensions: { oid: elementType._id, pg: { serviceName, schemaName: namespace.nspname, name: elementType.typname } },
        }
        const elementKey = `${serviceName}:${elementType._id}`
        if (!info.state.codecs.has(elementKey)) info.state.codecs.set(elementKey, codec)
        event.pgCodec = array ? listOfCodec(info.state.codecs.get(elementKey)) : info.state.codecs.get(elementKey)
        info.state.codecs.set(key, event.pgCodec)
      },
    },
  },
  schema: {
    hooks: {
      init(_, build) {
        for (const [typeName, scalarName] of Object.entries(SCALARS)) {
          const codec = build.pgCodecs[typeName]
          if (!codec) continue
          const name = build.inflection.builtin(scalarName)
          build.registerScalarType(name, { pgCodec: codec }, () => ({
            description: build.wrapDescription(DESCRIPTIONS[typeName], 'type'),
            serialize: (value) => String(value),
            parseValue: (value) => {
              if (typeof value !== 'string') throw new TypeError(`${scalarName} is a string (its text form)`)
              return value
            },
            parseLiteral: (ast) => {
              if (ast.kind !== 'StringValue') throw new TypeError(`${scalarName} is a string (its text form)`)
              return ast.value
            },
          }), `Adding the ${scalarName} scalar (identities)`)
          build.setGraphQLTypeForPgCodec(codec, 'output', name)
          build.setGraphQLTypeForPgCodec(codec, 'input', name)
        }
        return _
      },
    },
  },
}

const IdentitiesPreset = { plugins: [IdentitiesPlugin] }

module.exports = { IdentitiesPlugin, IdentitiesPreset }
