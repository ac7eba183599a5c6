// The checks' output: one "ok - NAME" or "not ok - NAME: DETAIL" line each, counted for the exit status.
import assert from 'node:assert/strict'

export const counts = { passed: 0, failed: 0 }

export async function check(name: string, body: () => Promise<unknown> | unknown): Promise<void> {
  try {
    const note = await body()
    counts.passed++
    console.log(`ok - ${name}${typeof note === 'string' ? `: ${note}` : ''}`)
  } catch (error) {
    counts.failed++
    const e = error as { code?: string; message?: string }
    const detail = String(e?.code ? `${e.code} ${e.message}` : e?.message ?? error)
    console.log(`not ok - ${name}: ${detail.replace(/\s+/g, ' ')}`)
  }
}

// `body` must throw `kind` (RangeError, TypeError) with a message matching `message`, synchronously or not.
export async function refuses(body: () => unknown, kind: ErrorConstructor, message: RegExp): Promise<void> {
  await assert.rejects(async () => body(), (error: unknown) => {
    assert.ok(error instanceof kind, `expected a ${kind.name}, got ${String(error)}`)
    assert.match((error as Error).message, message)
    return true
  })
}

// A plan (EXPLAIN's rows of text, whatever the column is named) that reads `index`: the primary key serves it.
export function assertUsesIndex(planRows: Array<Record<string, unknown>>, index: string): string {
  const plan = planRows.map((row) => String(Object.values(row)[0])).join('\n')
  assert.match(plan, new RegExp(`Index (Only )?Scan (using|on) ${index}\\b`), plan)
  return plan.split('\n').map((line) => line.trim()).find((line) => line.includes(index)) ?? ''
}
