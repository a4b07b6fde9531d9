import { Type as t, type Static } from '@sinclair/typebox'
import { SERVER_COLUMNS } from '../../../db/schema/common.ts'
import type { ColumnInfo, TableInfo } from './catalog.ts'

const IDENT = '^[a-z][A-Za-z0-9]*$'
const SQL_NAME = '^[A-Za-z_][A-Za-z0-9_]*$'

/**
 * One field prototype (blade-develop/model/model-prototype): a column of the model's table as the generated area will
 * carry it. The names follow BladeX's ModelPrototype (jdbcName, jdbcType, propertyName, propertyType, comment,
 * componentType, dictCode, isRequired, isList, isQuery), plus what Atrium's field descriptions need: an English label,
 * the longest text, and whether the dictionary is a business one.
 */
export const Prototype = t.Object({
  jdbcName: t.String({ pattern: SQL_NAME, maxLength: 64 }),
  jdbcType: t.String({ maxLength: 64 }),
  propertyName: t.String({ pattern: IDENT, maxLength: 64 }),
  propertyType: t.Union([t.Literal('text'), t.Literal('integer'), t.Literal('real')]),
  comment: t.String({ minLength: 1, maxLength: 64 }),
  commentEn: t.String({ minLength: 1, maxLength: 64 }),
  componentType: t.Union([
    t.Literal('text'),
    t.Literal('textarea'),
    t.Literal('number'),
    t.Literal('switch'),
    t.Literal('date'),
    t.Literal('datetime'),
    t.Literal('dict'),
  ]),
  length: t.Union([t.Integer({ minimum: 1, maximum: 100_000 }), t.Null()]),
  dictCode: t.String({ maxLength: 64 }),
  dictBiz: t.Boolean(),
  isRequired: t.Boolean(),
  isList: t.Boolean(),
  isQuery: t.Boolean(),
})
export type Prototype = Static<typeof Prototype>

/** The columns every Atrium table has already (db/schema/common.ts): status and remark come with their own fields. */
export const COMMON_PROPERTIES: readonly string[] = [...SERVER_COLUMNS, 'status', 'remark']

export const camel = (name: string) => {
  const c = name
    .toLowerCase()
    .replace(/[^a-z0-9]+([a-z0-9])/g, (_, x: string) => x.toUpperCase())
    .replace(/[^A-Za-z0-9]/g, '')
  return /^[a-z]/.test(c) ? c : `f${c.charAt(0).toUpperCase()}${c.slice(1)}`
}

const words = (name: string) => {
  const s = name
    .replace(/_+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return s.charAt(0).toUpperCase() + s.slice(1)
}

const storedAs = (type: string): Prototype['propertyType'] =>
  /int|bool|serial|bit/.test(type) ? 'integer' : /real|float|double|numeric|decimal|money/.test(type) ? 'real' : 'text'

/** A dictionary an integer or short text column most likely takes its values from, by the names it could go by. */
function dictFor(col: ColumnInfo, table: string, dicts: { code: string; biz: boolean }[]) {
  const base = col.name.toLowerCase()
  const names = [base, `${table.toLowerCase().replace(/^[a-z]+_/, '')}_${base}`, `${table.toLowerCase()}_${base}`]
  for (const n of names) {
    const d = dicts.find((x) => x.code === n)
    if (d) return d
  }
  return undefined
}

/**
 * The prototypes a table's columns suggest: the stored type from the column type, the longest text from its
 * declared length, required where the column is NOT NULL without a default, a dictionary where one is named like
 * the column, the label from the column's comment (else its name). The administrator edits them before generating.
 */
export function prototypesOf(info: TableInfo, dicts: { code: string; biz: boolean }[]): Prototype[] {
  const out: Prototype[] = []
  for (const col of info.columns) {
    const propertyName = camel(col.name)
    if (col.primaryKey || COMMON_PROPERTIES.includes(propertyName) || out.some((p) => p.propertyName === propertyName))
      continue
    const type = col.type
    const propertyType = storedAs(type)
    const dict = propertyType !== 'real' ? dictFor(col, info.name, dicts) : undefined
    const componentType: Prototype['componentType'] = dict
      ? 'dict'
      : /bool|tinyint\(1\)|^bit/.test(type)
        ? 'switch'
        : propertyType !== 'text'
          ? 'number'
          : /timestamp|datetime/.test(type)
            ? 'datetime'
            : /^date/.test(type)
              ? 'date'
              : /text|clob|json/.test(type) || (col.length ?? 0) > 500
                ? 'textarea'
                : 'text'
    const isText = propertyType === 'text' && componentType !== 'dict'
    out.push({
      jdbcName: col.name,
      jdbcType: type.slice(0, 64),
      propertyName,
      propertyType,
      comment: (col.comment || col.name).slice(0, 64),
      commentEn: words(col.name).slice(0, 64),
      componentType,
      length: isText ? Math.min(col.length ?? (componentType === 'textarea' ? 5000 : 255), 100_000) : null,
      dictCode: dict?.code ?? '',
      dictBiz: dict?.biz ?? false,
      isRequired: !col.nullable && col.defaultValue === null,
      isList: componentType !== 'textarea',
      isQuery: isText && /name|title|code/i.test(col.name),
    })
  }
  return out
}
