import { PHONE_EMPTY, RULES, ruleProblem, type FieldRule } from '../../db/fields/types.ts'
import { badRequest } from './errors.ts'
import { defineMessages } from './messages.ts'

// The rules' texts live with the rules (db/fields/types.ts), shared with the web.
defineMessages({
  'rule.phone': RULES.phone.message,
  'rule.email': RULES.email.message,
  'rule.url': RULES.url.message,
  'validation.phoneEmpty': PHONE_EMPTY,
})

/** The spec's phone, e-mail and web-address rules (§5) for bodies that do not go through a resource (own profile). */
export function checkContact(
  v: { phone?: unknown; email?: unknown; avatar?: unknown },
  { phoneRequired = false } = {},
) {
  if (phoneRequired && (v.phone === undefined || v.phone === null || v.phone === ''))
    throw badRequest('validation.phoneEmpty', { field: 'phone' }, 'phone')
  const fields: [keyof typeof v, FieldRule][] = [
    ['phone', 'phone'],
    ['email', 'email'],
    ['avatar', 'url'],
  ]
  for (const [field, rule] of fields)
    if (ruleProblem([rule], v[field])) throw badRequest(`rule.${rule}`, { field }, field)
}
