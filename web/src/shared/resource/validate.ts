import { RULES, patternProblem, rangeOf, rangeProblem, rangeText, ruleProblem } from '../../../../db/fields/types'
import type { Field, Text2 } from './schema'

type Say = (t: Text2 | string, params?: Record<string, string>) => string

const empty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length)

/**
 * One field's own check before the server's (which checks again with the same
 * description, db/fields): required with the spec's message, then the longest
 * length, the text's pattern, the number range, then the phone / e-mail / web-address rules. The first problem, or undefined.
 */
export function fieldProblem(f: Field, v: unknown, say: Say): string | undefined {
  if (empty(v)) return f.required ? say(f.required) : undefined
  if (f.max && typeof v === 'string' && v.length > f.max) return say('tooLong', { max: String(f.max) })
  if (patternProblem(f.pattern, v)) return say(f.pattern!.message)
  if (rangeProblem(rangeOf(f), v)) return say(rangeText(f)!)
  const broken = ruleProblem(f.rules, v)
  return broken ? say(RULES[broken].message) : undefined
}

/** Values a new row starts with: each field's default, then the screen's fixed query. */
export function initialValues(fields: Field[], query: Record<string, string> = {}): Record<string, unknown> {
  const v: Record<string, unknown> = {}
  for (const f of fields) if (f.default !== undefined) v[f.name] = f.default
  return { ...v, ...query }
}

/** Checks one chosen file against an upload rule; answers the problem's message key and its parameters. */
export function uploadProblem(
  file: { name: string; size: number },
  rule: { accept: string[]; maxKB: number },
): [string, Record<string, string>] | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!rule.accept.includes(ext)) return ['fileTypeNotAllowed', { types: rule.accept.join('/') }]
  if (file.size > rule.maxKB * 1024)
    return ['fileTooLarge', { size: rule.maxKB >= 1000 ? `${Math.round(rule.maxKB / 1000)}M` : `${rule.maxKB}KB` }]
  return null
}
