/**
 * The `${…}` expressions of a process definition (conditions on flows, `${taskUser}` assignees, completion
 * conditions of countersigns), evaluated over the instance's variables by a small parser of our own: the text
 * comes from whoever drew the model, so it is never handed to eval or Function. What it understands is the part of
 * Flowable's JUEL that approval models use — literals, variables and property access, arithmetic, comparisons,
 * `&&`/`and`, `||`/`or`, `!`/`not`, `empty`, and `a ? b : c`. Anything else is an ExpressionError naming the text.
 */

export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    readonly reason: string,
  ) {
    super(`${reason}: ${expression}`)
  }
}

type Token = { kind: 'num' | 'str' | 'id' | 'op'; value: string }

const OPERATORS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '(', ')']
const MORE = ['.', '[', ']', '?', ':']
const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  div: '/',
  mod: '%',
}
/** Names a property access may never reach: they lead out of the data into the runtime. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

function tokenize(text: string, source: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const num = /^\d+(\.\d+)?/.exec(text.slice(i))
    if (num) {
      out.push({ kind: 'num', value: num[0] })
      i += num[0].length
      continue
    }
    if (c === '"' || c === "'") {
      let j = i + 1
      let s = ''
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) j++
        s += text[j++]
      }
      if (j >= text.length) throw new ExpressionError(source, 'unterminated string')
      out.push({ kind: 'str', value: s })
      i = j + 1
      continue
    }
    const id = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))
    if (id) {
      const w = id[0]
      out.push(Object.hasOwn(WORD_OPS, w) ? { kind: 'op', value: WORD_OPS[w] } : { kind: 'id', value: w })
      i += w.length
      continue
    }
    const op = [...OPERATORS, ...MORE].find((o) => text.startsWith(o, i))
    if (!op) throw new ExpressionError(source, `unexpected character '${c}'`)
    out.push({ kind: 'op', value: op === '===' ? '==' : op === '!==' ? '!=' : op })
    i += op.length
  }
  return out
}

type Scope = Record<string, unknown>

/** Recursive descent over the tokens, evaluating as it goes (expressions are short and evaluated once). */
class Parser {
  private i = 0
  constructor(
    private readonly tokens: Token[],
    private readonly scope: Scope,
    private readonly source: string,
    /** Parse only (deploy-time check): variables are unknown, so values are stand-ins and never refused. */
    private readonly dry = false,
  ) {}

  value(): unknown {
    const v = this.ternary()
    if (this.i < this.tokens.length) this.fail(`unexpected '${this.tokens[this.i].value}'`)
    return v
  }

  private fail(reason: string): never {
    throw new ExpressionError(this.source, reason)
  }
  private peek(value: string) {
    const t = this.tokens[this.i]
    return t?.kind === 'op' && t.value === value
  }
  private take(value: string) {
    if (!this.peek(value)) return false
    this.i++
    return true
  }
  private expect(value: string) {
    if (!this.take(value)) this.fail(`'${value}' expected`)
  }

  private ternary(): unknown {
    const cond = this.or()
    if (!this.take('?')) return cond
    const a = this.ternary()
    this.expect(':')
    const b = this.ternary()
    return truthy(cond) ? a : b
  }
  private or(): unknown {
    let v = this.and()
    while (this.take('||')) {
      const r = this.and()
      v = truthy(v) || truthy(r)
    }
    return v
  }
  private and(): unknown {
    let v = this.equality()
    while (this.take('&&')) {
      const r = this.equality()
      v = truthy(v) && truthy(r)
    }
    return v
  }
  private equality(): unknown {
    let v = this.relational()
    for (;;) {
      if (this.take('==')) v = same(v, this.relational())
      else if (this.take('!=')) v = !same(v, this.relational())
      else return v
    }
  }
  private relational(): unknown {
    let v = this.additive()
    for (;;) {
      const op = ['<=', '>=', '<', '>'].find((o) => this.peek(o))
      if (!op) return v
      this.i++
      const r = this.additive()
      const [a, b] = typeof v === 'string' && typeof r === 'string' ? [v, r] : [this.num(v), this.num(r)]
      v = op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b
    }
  }
  private additive(): unknown {
    let v = this.multiplicative()
    for (;;) {
      if (this.take('+')) {
        const r = this.multiplicative()
        v = typeof v === 'string' || typeof r === 'string' ? `${text(v)}${text(r)}` : this.num(v) + this.num(r)
      } else if (this.take('-')) v = this.num(v) - this.num(this.multiplicative())
      else return v
    }
  }
  private multiplicative(): unknown {
    let v = this.unary()
    for (;;) {
      if (this.take('*')) v = this.num(v) * this.num(this.unary())
      else if (this.take('/')) v = this.num(v) / this.num(this.unary())
      else if (this.take('%')) v = this.num(v) % this.num(this.unary())
      else return v
    }
  }
  private unary(): unknown {
    if (this.take('!')) return !truthy(this.unary())
    if (this.take('-')) return -this.num(this.unary())
    const t = this.tokens[this.i]
    if (t?.kind === 'id' && t.value === 'empty') {
      this.i++
      const v = this.unary()
      return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)
    }
    return this.postfix()
  }
  private postfix(): unknown {
    let v = this.primary()
    for (;;) {
      if (this.take('.')) {
        const t = this.tokens[this.i++]
        if (t?.kind !== 'id') this.fail('property name expected')
        v = this.member(v, t.value)
      } else if (this.take('[')) {
        const key = this.ternary()
        this.expect(']')
        v = this.member(v, typeof key === 'number' ? key : text(key))
      } else return v
    }
  }
  private primary(): unknown {
    const t = this.tokens[this.i++]
    if (!t) this.fail('unexpected end')
    if (t.kind === 'num') return Number(t.value)
    if (t.kind === 'str') return t.value
    if (t.kind === 'id') {
      if (t.value === 'true') return true
      if (t.value === 'false') return false
      if (t.value === 'null') return null
      if (this.dry) return 0
      if (!Object.prototype.hasOwnProperty.call(this.scope, t.value)) this.fail(`unknown variable '${t.value}'`)
      return this.scope[t.value]
    }
    if (t.value === '(') {
      const v = this.ternary()
      this.expect(')')
      return v
    }
    this.fail(`unexpected '${t.value}'`)
  }

  private member(obj: unknown, key: string | number): unknown {
    if (typeof key === 'string' && FORBIDDEN.has(key)) this.fail(`property '${key}' is not allowed`)
    if (this.dry) return 0
    if (obj === null || obj === undefined) this.fail(`cannot read '${key}' of nothing`)
    if ((typeof obj === 'string' || Array.isArray(obj)) && key === 'length') return obj.length
    if (typeof obj !== 'object') this.fail(`cannot read '${key}' of a ${typeof obj}`)
    return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as Record<string, unknown>)[key] : undefined
  }
  private num(v: unknown): number {
    if (this.dry) return 0
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
    if (Number.isNaN(n)) this.fail(`'${text(v)}' is not a number`)
    return n
  }
}

const truthy = (v: unknown) => v === true || v === 'true' || (typeof v === 'number' && v !== 0)
const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
/** JUEL compares a number with a numeric string as numbers (a form sends "5"), everything else as is. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '') return a === Number(b)
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '') return b === Number(a)
  return a === b || (a == null && b == null)
}

const WHOLE = /^\s*\$\{([\s\S]*)\}\s*$/
const PART = /\$\{([^}]*)\}/g

/** One expression body (what is inside `${…}`). */
export function evaluate(body: string, scope: Scope): unknown {
  return new Parser(tokenize(body, body), scope, body).value()
}

export const hasExpression = (s: unknown): s is string => typeof s === 'string' && /\$\{[^}]*\}/.test(s)

/**
 * A value that may hold expressions: `${x}` alone answers x's value (a list stays a list); text with expressions
 * inside answers the text with each one replaced; plain text answers itself.
 */
export function resolve(template: string, scope: Scope): unknown {
  const whole = WHOLE.exec(template)
  if (whole && !whole[1].includes('${')) return evaluate(whole[1], scope)
  return template.replace(PART, (_m, body: string) => text(evaluate(body, scope)))
}

/** Checks an expression parses, for deploy-time validation (variables are unknown then, so none is looked up). */
export function checkSyntax(template: string): void {
  for (const m of template.matchAll(PART)) new Parser(tokenize(m[1], m[1]), {}, m[1], true).value()
}
