/**
 * The personal-information page's client-side rules (spec §5), as pure
 * functions returning an i18n key (namespace-qualified) or null, so they are
 * unit-tested without a browser and give the same texts as the server
 * (rules and texts: db/fields/types.ts). Phone and e-mail are judged by the
 * shared rules every form uses (shared/contact-problems.ts).
 */
import { emailProblem as emailRule, phoneProblem as phoneRule } from '../../shared/contact-problems'

/** Phone: empty → "cannot be empty"; anything but exactly 11 digits → "must be 11 digits" (the common texts). */
export function phoneProblem(phone: string): string | null {
  const k = phoneRule(phone)
  return k && `common:${k}`
}

/** E-mail is optional; when given it must look like name@domain. */
export function emailProblem(email: string): string | null {
  const k = emailRule(email)
  return k && `common:${k}`
}

export const AVATAR_MAX_BYTES = 500 * 1024
const AVATAR_TYPES = ['image/jpeg', 'image/png']

/** Avatar: jpg or png only, at most 500 KB, judged before anything is uploaded. */
export function avatarProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? ''
  const typeOk = AVATAR_TYPES.includes(file.type) || (!file.type && ['jpg', 'jpeg', 'png'].includes(ext))
  if (!typeOk) return 'pages:info.avatarType'
  return file.size > AVATAR_MAX_BYTES ? 'pages:info.avatarSize' : null
}

export interface PasswordForm {
  oldPassword: string
  newPassword: string
  newPassword1: string
}

/** The first problem of a password change and the field it belongs to, in reading order. */
export function passwordProblem(f: PasswordForm): { field: keyof PasswordForm; key: string } | null {
  if (!f.oldPassword) return { field: 'oldPassword', key: 'pages:info.oldPasswordRequired' }
  if (!f.newPassword) return { field: 'newPassword', key: 'pages:info.newPasswordRequired' }
  if (!f.newPassword1) return { field: 'newPassword1', key: 'pages:info.newPassword1Required' }
  if (f.newPassword !== f.newPassword1) return { field: 'newPassword1', key: 'pages:info.passwordMismatch' }
  return null
}
