import { PrismaPg } from '@prisma/adapter-pg'
import { parseText, siq } from 'identities-pg'
import { PrismaClient } from './generated/client.js'

const prisma = new PrismaClient({ adapter: new PrismaPg({}) }) // a pg Pool on libpq's PG* variables
const ride = await prisma.rides.create({
  data: { trip: '01a20942-04f9-8001-8086-1378e8435031', ref: siq(2n ** 100n).toString(), fare: 12 },
}) // ride.id: the Decimal distributedid_generate() made; ref: siq's hex text form
const found = await prisma.rides.findUniqueOrThrow({ where: { id: ride.id } }) // the primary key
// raw SQL: the README's time window; the adapter gives the ids' text forms, identities-pg parses them
const lastDay = await prisma.$queryRaw<{ id: string; ref: string }[]>`SELECT id, ref FROM rides
  WHERE id <@ tstzrange(now() - interval '1 day', now())`
const ids = lastDay.map((row) => parseText.distributedid(row.id))
console.log(`ride ${found.id.toFixed()} (a ${typeof ids[0]} in raw SQL): trip ${found.trip}, ` +
  `ref ${parseText.siq(found.ref!) === 2n ** 100n}, ${ids.length} made in the last day`)
await prisma.$disconnect()
