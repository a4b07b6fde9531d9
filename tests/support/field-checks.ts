import { expect } from 'vitest'
import { requiredText, type Fields } from '../../db/fields/types.ts'
import type { testApp } from './harness.ts'

/**
 * Submits a valid body with each required field of a description left out (and, for a text, sent as spaces):
 * every attempt must be a 400 naming that field in the description's own words, in Chinese and in English —
 * the wording the back-office form shows, so server and screen can never drift apart.
 */
export async function expectRequiredRefusals(
  t: Awaited<ReturnType<typeof testApp>>,
  token: string,
  submitPath: string,
  fields: Fields,
  valid: () => Record<string, unknown>,
) {
  const required = Object.entries(fields).filter(([, f]) => f.required)
  expect(required.length).toBeGreaterThan(0)
  for (const [name, f] of required) {
    const text = requiredText(f)!
    const { [name]: _, ...without } = valid()
    const bodies: [Record<string, unknown>, 'zh' | 'en'][] = [
      [without, 'zh'],
      [without, 'en'],
    ]
    // A text of spaces is as missing as no text (numbers and choices cannot be blank).
    if (typeof valid()[name] === 'string') bodies.push([{ ...without, [name]: '  ' }, 'zh'])
    for (const [body, lang] of bodies) {
      const r = await t.call('POST', submitPath, { token, body, lang })
      expect(r.status, `${submitPath} without ${name}`).toBe(400)
      expect(r.body.field).toBe(name)
      expect(r.body.msg).toBe(text[lang])
    }
  }
}
