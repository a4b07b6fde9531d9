import type { Services } from '../../lib/context.ts'
import { recordUsual } from '../../lib/logs.ts'

/** Sends a verification code to a phone. A school with an SMS gateway registers its own adapter. */
export interface SmsProvider {
  name: string
  send(s: Services, tenantId: string, phone: string, code: string): Promise<void>
}

/**
 * The default: no gateway. The code goes to the server log and the usual log
 * (the back office's log screen), so an appliance without SMS still lets staff
 * read a learner the code.
 */
export const logSms: SmsProvider = {
  name: 'log',
  async send(s, tenantId, phone, code) {
    s.log.info({ phone, code }, 'SMS verification code (no SMS gateway configured)')
    await recordUsual(s, tenantId, 'sms code', { phone, code, provider: 'log' })
  },
}

let provider: SmsProvider = logSms
export const setSmsProvider = (p: SmsProvider) => {
  provider = p
}
export const smsProvider = () => provider
