import { badRequest } from './errors.ts'

/** The spec's phone, e-mail and web-address rules (§5), for any entity that carries them. */
export function checkContact(v: { phone?: unknown; email?: unknown; avatar?: unknown }, { phoneRequired = false } = {}) {
  if (v.phone === undefined || v.phone === null || v.phone === '') {
    if (phoneRequired) throw badRequest('validation.phoneEmpty', { field: 'phone' }, 'phone')
  } else if (!/^\d{11}$/.test(String(v.phone))) throw badRequest('validation.phoneLength', { field: 'phone' }, 'phone')
  if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(v.email))) throw badRequest('validation.email', { field: 'email' }, 'email')
  if (v.avatar && !/^(https?:\/\/|\/upload\/)/.test(String(v.avatar))) throw badRequest('validation.url', { field: 'avatar' }, 'avatar')
}
