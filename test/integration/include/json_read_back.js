'use strict'
// Reads back the JSON documents of test/integration/json_exact.sh with JavaScript's own JSON.parse: each line of
// standard input is "LABEL<tab>DOCUMENT<tab>TEXTS", TEXTS the same shape as DOCUMENT holding every value's text
// form. Prints "ok - LABEL" when every value parses to a string equal to its text, else "FAILED: LABEL: key ...";
// a key named in the environment's NUMBERS (comma-separated) is expected to be a JSON number: it is reported
// ("number - LABEL: key ...") with whether JSON.parse kept it exactly.
const numbers = new Set((process.env.NUMBERS || '').split(',').filter(Boolean))
let failed = 0
const lines = require('node:fs').readFileSync(0, 'utf8').split('\n').filter(Boolean)
for (const line of lines) {
  const [label, document, texts] = line.split('\t')
  const got = JSON.parse(document)
  const want = JSON.parse(texts)
  const rows = Array.isArray(want) ? want.map((w, n) => [got[n], w]) : [[got, want]]
  const wrong = []
  for (const [gotRow, wantRow] of rows) {
    for (const [key, text] of Object.entries(wantRow)) {
      const value = gotRow[key]
      if (numbers.has(key)) {
        if (typeof value !== 'number' && text !== null) wrong.push(`${key}: ${JSON.stringify(value)} is not a number`)
        else if (text !== null && String(BigInt(value)) !== text) console.log(`number - ${label}: ${key} ${text} reads as ${BigInt(value)}`)
      } else if (value !== text) {
        wrong.push(`${key}: ${JSON.stringify(value)} for ${JSON.stringify(text)}`)
      }
    }
  }
  if (wrong.length) { failed++; console.log(`FAILED: ${label}: ${wrong.join('; ')}`) } else console.log(`ok - ${label}`)
}
process.exitCode = failed ? 1 : 0 // not process.exit(): it would cut the output short when it goes to a pipe
