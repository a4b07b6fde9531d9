import { and, eq, type SQL } from 'drizzle-orm'
import { sms } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { first } from '../../lib/rows.ts'
import { isSealed, unseal } from '../../lib/sealed.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { DEFAULT_ENDPOINT, sendThrough, type TemplateParams } from './providers.ts'

defineMessages({
  'smsAccount.code': { zh: '请输入资源编号', en: 'please enter the code' },
  'smsAccount.noAccount': { zh: '没有编号为 {code} 的短信配置', en: 'there is no SMS account with the code {code}' },
  'smsAccount.phones': {
    zh: '请输入手机号（逗号分隔，最多 {max} 个）',
    en: 'please enter the phone numbers (comma separated, at most {max})',
  },
  'smsAccount.phone': { zh: '手机号 {phone} 格式不正确', en: 'the phone number {phone} is not valid' },
  'smsAccount.params': {
    zh: '模板参数必须是 JSON 对象，例如 {"code":"1234"}',
    en: 'the template values must be a JSON object, e.g. {"code":"1234"}',
  },
  'smsAccount.noKeys': {
    zh: '短信配置 {code} 的密钥未设置或无法解开，请编辑该配置重新填写 accessKey 和 secretKey',
    en: 'the keys of the SMS account {code} are not set or cannot be opened: edit it and enter the access key and secret key again',
  },
  'smsAccount.refused': { zh: '短信服务商拒绝发送：{reason}', en: 'the SMS provider refused the message: {reason}' },
})

const MAX_PHONES = 200
// Mainland numbers as the portal takes them, or E.164 with its country code.
const PHONE = /^(1\d{10}|\+[1-9]\d{6,14})$/

type Account = typeof sms.$inferSelect

/**
 * A stored key opened. The sample account has none yet, and a database restored under another data directory's
 * secret cannot open them: either way the administrator enters them again (503: nothing the sender can fix).
 */
function opened(secret: string, account: Account, key: 'accessKey' | 'secretKey'): string {
  const noKeys = () => new ApiError(503, 'smsAccount.noKeys', { code: account.smsCode }, true)
  if (!isSealed(account[key])) throw noKeys()
  try {
    return unseal(secret, account[key])
  } catch {
    throw noKeys()
  }
}

/**
 * Sends one template message through a stored account: the keys opened, the endpoint checked against the outbound
 * policy again right before connecting (503 when it no longer passes: the administrator must change it), the
 * provider's refusal answered with its own reason (503, shown in the back office).
 */
export async function deliver(
  db: Db,
  secret: string,
  account: Account,
  phones: string[],
  params: TemplateParams,
): Promise<{ requestId: string; ids: string[] }> {
  const keys = { accessKey: opened(secret, account, 'accessKey'), secretKey: opened(secret, account, 'secretKey') }
  const url = account.endpoint || DEFAULT_ENDPOINT[account.category]
  const target = await checkOutbound(db, account.tenantId, url, { field: 'endpoint', status: 503 })
  const https = target.url.protocol === 'https:'
  const result = await sendThrough(
    { ...account, ...keys },
    { host: https ? target.url.host : target.connectUrl.host, https },
    phones,
    params,
  )
  if (!result.ok) throw new ApiError(503, 'smsAccount.refused', { reason: result.reason }, true)
  return { requestId: result.requestId, ids: result.ids }
}

/** The school's enabled account, if it has one (work done for the school: a visitor's sign-up code). */
export const enabledAccount = (db: Db, tenantId: string): Promise<Account | undefined> =>
  first(
    db
      .select()
      .from(sms)
      .where(
        and(
          tenantRows(sms, tenantId, { why: 'the school sends its verification codes through its enabled account' }),
          eq(sms.isEnabled, 1),
        ),
      ),
  )

function phonesOf(v: unknown): string[] {
  const list = (Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[,，\s]+/))
    .map((p) => p.trim())
    .filter(Boolean)
  if (!list.length || list.length > MAX_PHONES)
    throw badRequest('smsAccount.phones', { field: 'phones', max: MAX_PHONES }, 'phones')
  const bad = list.find((p) => !PHONE.test(p))
  if (bad) throw badRequest('smsAccount.phone', { field: 'phones', phone: bad.slice(0, 20) }, 'phones')
  return [...new Set(list)]
}

function paramsOf(v: unknown): TemplateParams {
  if (v === undefined || v === null || v === '') return {}
  let o: unknown = v
  if (typeof v === 'string')
    try {
      o = JSON.parse(v)
    } catch {
      throw badRequest('smsAccount.params', { field: 'params' }, 'params')
    }
  if (!o || typeof o !== 'object' || Array.isArray(o))
    throw badRequest('smsAccount.params', { field: 'params' }, 'params')
  const entries = Object.entries(o as Record<string, unknown>)
  if (entries.some(([, x]) => x !== null && typeof x === 'object'))
    throw badRequest('smsAccount.params', { field: 'params' }, 'params')
  return Object.fromEntries(entries.map(([k, x]) => [k, String(x ?? '')]))
}

/** send-message: the account named by `code` among those the caller sees (`inScope`), to `phones`, with `params`. */
export async function sendMessage(
  ctx: Ctx,
  secret: string,
  input: { code: unknown; phones: unknown; params: unknown },
  inScope: SQL,
): Promise<{ requestId: string; ids: string[] }> {
  const code = typeof input.code === 'string' ? input.code.trim() : ''
  if (!code) throw badRequest('smsAccount.code', { field: 'code' }, 'code')
  const phones = phonesOf(input.phones)
  const params = paramsOf(input.params)
  const account = await first(
    ctx.db
      .select()
      .from(sms)
      .where(and(inScope, eq(sms.smsCode, code))),
  )
  if (!account) throw badRequest('smsAccount.noAccount', { field: 'code', code: code.slice(0, 64) }, 'code')
  return deliver(ctx.db, secret, account, phones, params)
}
