import { Liquid } from 'liquidjs'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'mail.template.syntax': {
    zh: '模板无法解析：{detail}',
    en: 'the template cannot be read: {detail}',
  },
  'mail.template.render': {
    zh: '模板渲染失败：{detail}',
    en: 'the template could not be rendered: {detail}',
  },
})

/**
 * Templates are written by a school's staff and rendered by the appliance, so the language must not run code nor
 * reach anything beyond the variables given. Liquid in strict mode: an unknown variable or filter is an error;
 * only own properties are read (no `constructor`, no prototype); partials come from an empty in-memory set (no file
 * is read by include/render/layout); parse, render time and memory are bounded so a loop cannot hold a worker.
 */
const engine = (escape: boolean) =>
  new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    dynamicPartials: false,
    parseLimit: 100_000,
    renderLimit: 1_000,
    memoryLimit: 10_000_000,
    ...(escape ? { outputEscape: 'escape' as const } : {}),
  })

/** The body is HTML: values are escaped, so a learner's name cannot add markup. The subject is plain text. */
const html = engine(true)
const plain = engine(false)

/** The names a template may use, from its comma-joined `variables`. */
export const variableNames = (declared: string | null | undefined): string[] =>
  (declared ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/**
 * Only the declared variables, as plain text or numbers: whatever the caller passes, a template sees strings and
 * numbers under the names it lists, never an object whose members it could walk.
 */
function scopeOf(
  declared: string | null | undefined,
  values: Record<string, unknown>,
): Record<string, string | number> {
  const scope: Record<string, string | number> = {}
  for (const name of variableNames(declared)) {
    const v = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined
    scope[name] = typeof v === 'number' && Number.isFinite(v) ? v : v === undefined || v === null ? '' : String(v)
  }
  return scope
}

/** Checks that a template parses (on submit: a 400 naming the field). */
export function checkTemplate(source: string, field: string) {
  try {
    html.parse(source)
  } catch (e) {
    throw badRequest('mail.template.syntax', { field, detail: firstLine(e) }, field)
  }
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200)

/** Renders a template's subject and body with the given values; a variable it does not declare is a 400. */
export async function renderTemplate(
  t: { subject: string; content: string; variables: string | null },
  values: Record<string, unknown>,
): Promise<{ subject: string; content: string }> {
  const scope = scopeOf(t.variables, values)
  try {
    return {
      subject: (await plain.parseAndRender(t.subject, scope)).replace(/[\r\n]+/g, ' ').trim(),
      content: await html.parseAndRender(t.content, scope),
    }
  } catch (e) {
    throw badRequest('mail.template.render', { field: 'templateId', detail: firstLine(e) }, 'templateId')
  }
}
