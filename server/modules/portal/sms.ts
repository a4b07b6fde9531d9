import type { Services } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { recordUsual } from '../../lib/logs.ts'
import { defineMessages } from '../../lib/messages.ts'
import { deliver, enabledAccount } from '../sms/send.ts'

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

defineMessages({
  'sms.failed': {
    zh: '验证码短信发送失败，请稍后再试或联系学校',
    en: 'the code could not be sent by text message: try again later or contact the school',
  },
})

/**
 * What sign-up uses unless something else is set: the school's enabled SMS account (blade-resource/sms, Aliyun or
 * Tencent Cloud), the code as the template's `code` value; a school with none enabled gets the log.
 */
export const schoolSms: SmsProvider = {
  name: 'school',
  async send(s, tenantId, phone, code) {
    const account = await enabledAccount(s.db, tenantId)
    if (!account) return logSms.send(s, tenantId, phone, code)
    try {
      await deliver(s.db, s.jwtSecret, account, [phone], { code })
    } catch (e) {
      // The visitor learns it failed; the provider's reason (a key, a template) is for the school's staff.
      const reason = e instanceof ApiError ? String(e.params.reason ?? e.key) : String(e)
      await recordUsual(s, tenantId, 'sms failed', { phone, account: account.smsCode, reason })
      throw new ApiError(503, 'sms.failed')
    }
  },
}

let provider: SmsProvider = schoolSms
export const setSmsProvider = (p: SmsProvider) => {
  provider = p
}
export const smsProvider = () => provider
