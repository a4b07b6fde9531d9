import { ruleProblem } from '../../../db/fields/types.ts'
import { badRequest } from '../../lib/errors.ts'

/** At most this many recipients in one of to, cc and bcc: an outbox row is a message, not a mailing list. */
const MOST = 100

/**
 * A recipient list as the screens send it (comma, semicolon or newline separated; `Name <a@b.c>` allowed) into plain
 * addresses, each checked by the spec's e-mail rule — a 400 naming the field otherwise.
 */
export function addressList(value: unknown, field: string, o: { required?: boolean } = {}): string[] {
  const raw = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : ''
  const list = raw
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => /<([^<>]+)>\s*$/.exec(s)?.[1]?.trim() ?? s)
  if (!list.length && o.required) throw badRequest('validation.required', { field }, field)
  if (list.length > MOST) throw badRequest('mail.tooManyRecipients', { field, max: MOST }, field)
  for (const a of list) if (ruleProblem(['email'], a)) throw badRequest('rule.email', { field }, field)
  return [...new Set(list)]
}
