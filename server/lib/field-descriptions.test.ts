/**
 * "One field schema, both sides" (#12) cannot quietly regress: every resource
 * that takes writes through the factory's submit validates against its field
 * description (db/fields/<area>.ts), and no back-office screen words a
 * required message of its own — the screens take them from the description
 * through screenFields(), so the server's 400 and the form say the same.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import '../modules/index.ts'
import { resourceRegistry } from './resource.ts'

const ROOT = join(import.meta.dirname, '../..')

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) yield* sources(p)
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p
  }
}

describe('one field description per resource', () => {
  it('every resource with a submit route declares its fields', () => {
    const writable = resourceRegistry.filter((r) => !r.options.skip?.includes('submit'))
    expect(writable.length).toBeGreaterThan(40)
    const missing = writable.filter((r) => !r.options.fields).map((r) => r.options.path)
    expect(missing, 'describe these in db/fields/<area>.ts and pass `fields:`').toEqual([])
  })

  it('no back-office screen declares a required message of its own', () => {
    // `required: L(…)`, `required: need(…)`, `required: { zh: … }`, or a local `need` helper.
    const inline = /\brequired:\s*(?:L|need)\(|\brequired:\s*\{\s*zh:|\bconst need\b/
    const offenders: string[] = []
    for (const file of sources(join(ROOT, 'web/src/admin'))) {
      const rel = relative(ROOT, file)
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (inline.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(offenders, 'take required messages from the field description (screenFields / requiredText)').toEqual([])
  })
})
