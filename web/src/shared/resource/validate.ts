import { RULES, ruleProblem } from '../../../../db/fields/types'
import type { Field, Text2 } from './schema'

type Say = (t: Text2 | string) => string
export type Errors = Record<string, string>

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length)

/**
 * The form's own checks before it calls the server (which checks again):
 * required fields with the spec's messages, then phone / e-mail / web-address
 * rules (the same rules and texts the server checks: db/fields/types.ts). The first problem per field wins.
 */
export function validate(fields: Field[], values: Record<string, unknown>, say: Say): Errors {
  const errors: Errors = {}
  for (const f of fields) {
    const v = values[f.name]
    if (f.required && empty(v)) { errors[f.name] = say(f.required); continue }
    if (empty(v)) continue
    const broken = ruleProblem(f.rules, v)
    if (broken) errors[f.name] = say(RULES[broken].message)
  }
  return errors
}

/** Values a new row starts with: each field's default, then the screen's fixed query. */
export function initialValues(fields: Field[], query: Record<string, string> = {}): Record<string, unknown> {
  const v: Record<string, unknown> = {}
  for (const f of fields) if (f.default !== undefined) v[f.name] = f.default
  return { ...v, ...query }
}

/** Checks one chosen file against an upload rule; answers the problem's message key and its parameters. */
export function uploadProblem(file: { name: string; size: number }, rule: { accept: string[]; maxKB: number }): [string, Record<string, string>] | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!rule.accept.includes(ext)) return ['fileTypeNotAllowed', { types: rule.accept.join('/') }]
  if (file.size > rule.maxKB * 1024) return ['fileTooLarge', { size: rule.maxKB >= 1000 ? `${Math.round(rule.maxKB / 1000)}M` : `${rule.maxKB}KB` }]
  return null
}
