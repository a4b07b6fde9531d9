/**
 * The personal-information page's client-side rules (spec §5), as pure
 * functions returning an i18n key (namespace-qualified) or null, so they are
 * unit-tested without a browser and give the same texts as the server
 * (rules and texts: db/fields/types.ts).
 */
import { ruleProblem } from '../../../../db/fields/types'

/** Phone: empty → "cannot be empty"; anything but exactly 11 digits → "must be 11 digits". */
export function phoneProblem(phone: string): string | null {
  const v = phone.trim()
  if (!v) return 'common:phoneEmpty'
  return ruleProblem(['phone'], v) ? 'common:phoneLength' : null
}

/** E-mail is optional; when given it must look like name@domain. */
export function emailProblem(email: string): string | null {
  const v = email.trim()
  return ruleProblem(['email'], v) ? 'common:emailInvalid' : null
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
