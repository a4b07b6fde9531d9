import { requiredText } from '../../../../db/fields/types.ts'
import type { Prototype } from '../prototype.ts'
import { fieldOf } from './fields-file.ts'
import { apiPath, lit, type AreaSpec } from './spec.ts'

/** A value each prototype accepts, as JSON would carry it. */
function sampleOf(p: Prototype, i: number): string | number {
  if (p.propertyType === 'real') return 1.5
  if (p.propertyType === 'integer') return 1
  if (p.componentType === 'date') return '2026-09-01'
  if (p.componentType === 'datetime') return '2026-09-01 08:00:00'
  if (p.componentType === 'dict') return '1'
  return `样例${i + 1}`.slice(0, p.length ?? 255)
}

const objectSource = (o: Record<string, string | number>) =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? lit(v) : v}`)
    .join(', ')} }`

/**
 * server/modules/<area>/<entity>.test.ts: the generated resource through `app.handle` — CRUD, the field-named 400 in
 * both languages, another school's 404 and a student's 403.
 */
export function testFile(s: AreaSpec): string {
  const sample = Object.fromEntries(s.prototypes.map((p, i) => [p.propertyName, sampleOf(p, i)]))
  const required = s.prototypes.find((p) => p.isRequired)
  const asked = required && requiredText(fieldOf(required))
  const withoutRequired = Object.fromEntries(Object.entries(sample).filter(([k]) => k !== required?.propertyName))
  const badInput = required
    ? `  it('names the missing field, in the caller’s language', async () => {
    const admin = await t.token('admin')
    const body = ${objectSource(withoutRequired)}
    const en = await t.call('POST', \`\${BASE}/submit\`, { token: admin, body, lang: 'en' })
    expect(en).toMatchObject({ status: 400, body: { field: ${lit(required.propertyName)}, msg: ${lit(asked?.en ?? '')} } })
    const zh = await t.call('POST', \`\${BASE}/submit\`, { token: admin, body })
    expect(zh).toMatchObject({ status: 400, body: { field: ${lit(required.propertyName)}, msg: ${lit(asked?.zh ?? '')} } })
  })`
    : `  it('names the field that is too long', async () => {
    const admin = await t.token('admin')
    const body = { ...sample, remark: 'x'.repeat(501) }
    expect(await t.call('POST', \`\${BASE}/submit\`, { token: admin, body, lang: 'en' })).toMatchObject({
      status: 400,
      body: { field: 'remark' },
    })
  })`
  return `import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

const BASE = '${apiPath(s)}'
const sample = ${objectSource(sample)}

describe('${s.service}/${s.entity} (generated from the model "${s.entity}")', async () => {
  const t = await testApp()

  it('adds, lists, reads, edits and removes', async () => {
    const admin = await t.token('admin')
    const added = await t.post(\`\${BASE}/submit\`, admin, sample)
    expect(added.status).toBe(200)
    const id = String(added.body.data.id)
    const listed = await t.get(\`\${BASE}/list\`, admin)
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toContain(id)
    expect((await t.get(\`\${BASE}/detail\`, admin, { id })).body.data).toMatchObject(sample)
    expect((await t.post(\`\${BASE}/submit\`, admin, { id, remark: '已修改' })).status).toBe(200)
    expect((await t.get(\`\${BASE}/detail\`, admin, { id })).body.data.remark).toBe('已修改')
    expect((await t.post(\`\${BASE}/remove\`, admin, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(\`\${BASE}/detail\`, admin, { id })).status).toBe(404)
  })

${badInput}

  it('keeps other schools and students out', async () => {
    const admin = await t.token('admin')
    const id = String((await t.post(\`\${BASE}/submit\`, admin, sample)).body.data.id)
    const otherSchool = await t.token('admin', 'admin', '100001')
    expect((await t.get(\`\${BASE}/detail\`, otherSchool, { id })).status).toBe(404)
    const student = await t.token('student')
    expect((await t.get(\`\${BASE}/list\`, student)).status).toBe(403)
    expect((await t.post(\`\${BASE}/submit\`, student, sample)).status).toBe(403)
  })
})
`
}
