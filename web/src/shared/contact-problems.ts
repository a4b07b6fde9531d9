/**
 * Phone and e-mail as every form that edits them checks them (the back
 * office's personal information, the portal's sign-up and user centre): by
 * the shared field rules (db/fields/types.ts), so the browser judges as the
 * server does and no form keeps a pattern of its own. The wording stays each
 * screen's: the back office says a phone "must be 11 digits" (back-office
 * spec §5), the portal that "the length is not 11" (portal spec), each in its
 * own locale under the key returned here.
 */
import { ruleProblem } from '../../../db/fields/types'

export type PhoneProblem = 'phoneEmpty' | 'phoneLength'

/** Phone: empty, or anything but exactly 11 digits. */
export function phoneProblem(phone: string): PhoneProblem | null {
  const v = phone.trim()
  if (!v) return 'phoneEmpty'
  return ruleProblem(['phone'], v) ? 'phoneLength' : null
}

/** E-mail is optional; when given it must look like name@domain. */
export function emailProblem(email: string): 'emailInvalid' | null {
  return ruleProblem(['email'], email.trim()) ? 'emailInvalid' : null
}
