/**
 * One field description per resource, shared by the server (validation in
 * server/lib/validation.ts) and the web screen (web/src/shared/resource):
 * labels, types, required, lengths, dictionary codes, rules and their
 * messages, in Chinese and English. Pure data plus a few pure functions, no
 * imports: Bun and Vite both load it.
 */

/** A text in both languages. */
export interface Text2 {
  zh: string
  en: string
}

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'dict'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'tree'
  | 'image'
  | 'file'
  | 'richtext'
  /** An amount in fen (an integer column, db/schema/common.ts money()): shown and entered in yuan with two decimals. */
  | 'money'

/** Checks beyond the type, each with the spec's message. */
export type FieldRule = 'phone' | 'email' | 'url'

export interface UploadRule {
  /** Allowed extensions, lower case without the dot. */
  accept: string[]
  /** Largest file in KB (the spec's "file-size option"). */
  maxKB: number
  /** How many files the field holds (comma-joined links). */
  max: number
  /** The server's upload kind (its limits and visibility); images by default. */
  kind?: string
}

/** The values a number field accepts; the message says so in the field's words unless the description gives its own. */
export interface FieldRange {
  min: number
  max: number
  /** Whole numbers only. */
  integer?: boolean
  message?: Text2
}

/** A text's allowed shape and the message when it does not fit. */
export interface FieldPattern {
  test: RegExp
  message: Text2
}

/** Whether a non-empty text breaks its field's pattern. */
export function patternProblem(p: FieldPattern | undefined, value: unknown): boolean {
  return Boolean(p) && typeof value === 'string' && value !== '' && !p!.test.test(value)
}

export interface FieldDef {
  label: Text2
  /** How it is entered and shown; 'text' when left out. */
  type?: FieldType
  /**
   * Required on add (and never blank on edit). `true` says "请输入<label>" /
   * "please enter the <label>" ("请选择" / "please select" for choices); a text
   * gives the spec's own wording.
   */
  required?: boolean | Text2
  /** Longest text accepted (characters). */
  max?: number
  /** For 'dict': the dictionary code; biz = business dictionary. */
  dict?: { code: string; biz?: boolean }
  /** For 'select': fixed options. */
  options?: { value: string | number; label: Text2 }[]
  /** For 'tree': an endpoint answering tree nodes {id|value, title, children}; multiple values are comma-joined. */
  tree?: { url: string; params?: Record<string, string>; multiple?: boolean; label?: string }
  rules?: FieldRule[]
  /** A text's shape beyond the common rules, with its own message (checked by the server and the form alike). */
  pattern?: FieldPattern
  /**
   * For 'number': least and greatest value (checked by the server and the form alike). For 'money': in fen; a
   * money field without one takes whole fen from 0 to MONEY_MAX.
   */
  range?: FieldRange
  /** Value a new record starts with. */
  default?: string | number | null
  upload?: UploadRule
}

export type Fields = Record<string, FieldDef>

/** Declares a resource's fields (typed, the names stay literal for layouts). */
export const defineFields = <F extends Fields>(fields: F): F => fields

/** Shorthand for a label or message in both languages. */
export const L = (zh: string, en: string): Text2 => ({ zh, en })

const CHOICE: FieldType[] = ['select', 'dict', 'switch', 'tree', 'date', 'datetime', 'image', 'file']
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s)

/** The message for a missing required field: the declared wording, or one made from the label. */
export function requiredText(f: FieldDef): Text2 | null {
  if (!f.required) return null
  if (f.required !== true) return f.required
  const choose = CHOICE.includes(f.type ?? 'text')
  return {
    zh: `${choose ? '请选择' : '请输入'}${f.label.zh}`,
    en: `please ${choose ? 'select' : 'enter'} the ${lowerFirst(f.label.en)}`,
  }
}

/**
 * The message for a value another live row already holds (a 409 on that
 * field). It names the thing as the required message does ("please enter the
 * role alias" → "the role alias already exists"), else by the label.
 */
export function takenText(f: FieldDef): Text2 {
  const asked = typeof f.required === 'object' ? f.required : null
  const en = asked && /^please (?:enter|select) (?:the )?(.+)$/.exec(asked.en)?.[1]
  const zh = asked && /^请(?:输入|选择)(.+)$/.exec(asked.zh)?.[1]
  return {
    zh: `${zh || f.label.zh}已存在`,
    en: `the ${en || lowerFirst(f.label.en)} already exists`,
  }
}

/** The largest amount a money field takes by default: 100 million yuan, in fen. */
export const MONEY_MAX = 10_000_000_000

/** The range a field's values must keep: its own, or a money field's whole fen from 0 to MONEY_MAX. */
export function rangeOf(f: Pick<FieldDef, 'type' | 'range'>): FieldRange | undefined {
  if (f.type !== 'money') return f.range
  return { min: 0, max: MONEY_MAX, ...f.range, integer: true }
}

/**
 * Fen as yuan with two decimals: 1999 → "19.99", 5 → "0.05". Integer arithmetic only (a fen value is exact; the
 * division of a float by 100 is not).
 */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const a = Math.abs(Math.trunc(fen))
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`
}

/**
 * Yuan as typed ("19.99", "20", "0.5") to whole fen, read from the decimal string itself so no floating-point
 * rounding enters (19.99 × 100 is 1998.9999999999998). Null for anything else: a sign, more than two decimals, an
 * exponent, separators, or more digits than an exact integer holds.
 */
export function yuanToFen(text: string): number | null {
  const m = /^\s*(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** The message for a number outside its field's range. */
export function rangeText(f: FieldDef): Text2 | null {
  const r = rangeOf(f)
  if (!r) return null
  if (r.message) return r.message
  const en = `the ${lowerFirst(f.label.en)}`
  if (f.type === 'money')
    return {
      zh: `${f.label.zh}须为 ${fenToYuan(r.min)} 到 ${fenToYuan(r.max)} 元之间的金额，最多两位小数`,
      en: `${en} must be an amount from ${fenToYuan(r.min)} to ${fenToYuan(r.max)} yuan, with at most two decimals`,
    }
  return r.integer
    ? {
        zh: `${f.label.zh}须为 ${r.min} 到 ${r.max} 之间的整数`,
        en: `${en} must be a whole number from ${r.min} to ${r.max}`,
      }
    : { zh: `${f.label.zh}须在 ${r.min} 到 ${r.max} 之间`, en: `${en} must lie between ${r.min} and ${r.max}` }
}

/** Whether a non-empty value breaks the range (not a number, outside it, or a fraction where whole numbers are asked). */
export function rangeProblem(r: FieldRange | undefined, value: unknown): boolean {
  if (!r || value === undefined || value === null || value === '') return false
  const n = typeof value === 'number' ? value : Number(value)
  return !Number.isFinite(n) || n < r.min || n > r.max || (Boolean(r.integer) && !Number.isInteger(n))
}

/** The spec's contact rules (§5), one copy for server and web. */
export const RULES: Record<FieldRule, { test: RegExp; message: Text2 }> = {
  phone: { test: /^\d{11}$/, message: L('手机号必须为 11 位数字', 'phone number must be 11 digits') },
  email: { test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: L('邮箱格式不正确', 'the e-mail address is not valid') },
  url: {
    test: /^(https?:\/\/|\/upload\/)/i,
    message: L('网址必须以 http 或 https 开头', 'the web address must begin with http or https'),
  },
}

export const PHONE_EMPTY: Text2 = L('手机号不能为空', 'phone number cannot be empty')

/** The first rule a non-empty value breaks, or null. */
export function ruleProblem(rules: FieldRule[] | undefined, value: unknown): FieldRule | null {
  if (value === undefined || value === null || value === '') return null
  for (const r of rules ?? []) if (!RULES[r].test.test(String(value))) return r
  return null
}

/** Shared fields many resources carry. */
export const COMMON = {
  sort: { label: L('排序', 'Sort'), type: 'number', default: 1 },
  remark: { label: L('备注', 'Remark'), type: 'textarea', max: 500 },
  status: { label: L('状态', 'Status'), type: 'dict', dict: { code: 'status' }, default: 1 },
  createTime: { label: L('创建时间', 'Created'), type: 'datetime' },
} satisfies Fields
