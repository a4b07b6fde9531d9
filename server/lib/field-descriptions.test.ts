/**
 * "One field schema, both sides" (#12) cannot quietly regress: every resource
 * that takes writes through the factory's submit validates against its field
 * description (db/fields/<area>.ts), and no back-office screen words a
 * required message of its own — the screens take them from the description
 * through screenFields(), so the server's 400 and the form say the same. Nor
 * does any web form, portal included, check a phone or an e-mail with a
 * pattern of its own (web/src/shared/contact-problems.ts has the shared rules).
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

/** Every source line under `dir` that matches, as `file:line: text`. */
function linesMatching(dir: string, re: RegExp): string[] {
  const found: string[] = []
  for (const file of sources(join(ROOT, dir)))
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (re.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`)
      })
  return found
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
    const offenders = linesMatching('web/src/admin', inline)
    expect(offenders, 'take required messages from the field description (screenFields / requiredText)').toEqual([])
  })

  it('no web form keeps a phone or e-mail pattern of its own', () => {
    // A phone checked as 11 digits, or an address as something@something, outside the shared rules.
    const pattern = /\\d\{11\}|\[\^@/
    const offenders = linesMatching('web/src', pattern)
    expect(offenders, 'check phones and e-mails with web/src/shared/contact-problems.ts').toEqual([])
  })
})
