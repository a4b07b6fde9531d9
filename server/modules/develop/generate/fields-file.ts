import type { FieldDef } from '../../../../db/fields/types.ts'
import type { Prototype } from '../prototype.ts'
import { commentText, lit, type AreaSpec } from './spec.ts'

/** The field description a prototype becomes (db/fields/types.ts FieldDef). */
export function fieldOf(p: Prototype): FieldDef {
  const f: FieldDef = { label: { zh: p.comment, en: p.commentEn } }
  if (p.componentType === 'dict' && p.dictCode) {
    f.type = 'dict'
    f.dict = p.dictBiz ? { code: p.dictCode, biz: true } : { code: p.dictCode }
  } else if (p.componentType !== 'text' && p.componentType !== 'dict') f.type = p.componentType
  if (p.isRequired) f.required = true
  if (p.propertyType === 'text' && p.length) f.max = p.length
  return f
}

function fieldSource(f: FieldDef): string {
  const parts = [`label: L(${lit(f.label.zh)}, ${lit(f.label.en)})`]
  if (f.type) parts.push(`type: ${lit(f.type)}`)
  if (f.dict) parts.push(`dict: { code: ${lit(f.dict.code)}${f.dict.biz ? ', biz: true' : ''} }`)
  if (f.required) parts.push('required: true')
  if (f.max) parts.push(`max: ${f.max}`)
  return `{ ${parts.join(', ')} }`
}

/** db/fields/<area>.ts: labels, types, lengths and dictionaries, shared by the server's checks and the screen. */
export function fieldsFile(s: AreaSpec): string {
  const lines = s.prototypes.map((p) => `  ${p.propertyName}: ${fieldSource(fieldOf(p))},`).join('\n')
  return `import { COMMON, defineFields, L } from './types.ts'

/** ${commentText(s.entityLabel.zh)} / ${commentText(s.entityLabel.en)} (${s.service}/${s.entity}). */
export const ${s.entity}Fields = defineFields({
${lines}
  status: COMMON.status,
  remark: COMMON.remark,
})
`
}
