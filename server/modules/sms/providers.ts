import { loadAliyunSms, loadTencentSms } from '../../lib/lazy-libs.ts'

/** Dictionary sms_category, BladeX's numbers. */
export const ALIYUN = 3,
  TENCENT = 4

/** Where each provider answers when an account names no address of its own. */
export const DEFAULT_ENDPOINT: Record<number, string> = {
  [ALIYUN]: 'https://dysmsapi.aliyuncs.com',
  [TENCENT]: 'https://sms.tencentcloudapi.com',
}
const DEFAULT_REGION: Record<number, string> = { [ALIYUN]: 'cn-hangzhou', [TENCENT]: 'ap-guangzhou' }
const TIMEOUT_MS = 10_000

/** An account with its keys opened, ready to send. */
export interface OpenAccount {
  category: number
  templateId: string
  signName: string
  accessKey: string
  secretKey: string
  regionId: string | null
  appId: string | null
}

/**
 * Where to connect: `host` (with its port) and the scheme. For plain http it is the address the outbound check just
 * resolved (pinned: a name re-pointed since cannot send the request elsewhere); for https the name, which the
 * provider's certificate binds.
 */
export interface Endpoint {
  host: string
  https: boolean
}

/** What a provider answered: sent, or refused with its own code and message. */
export type SendResult = { ok: true; requestId: string; ids: string[] } | { ok: false; reason: string }

/** `{ code: '123456' }` for Aliyun (a JSON object by name); Tencent takes the values in the template's order. */
export type TemplateParams = Record<string, string>

/** Sends one template message to `phones` through the account's provider, by its official SDK. */
export function sendThrough(
  a: OpenAccount,
  to: Endpoint,
  phones: string[],
  params: TemplateParams,
): Promise<SendResult> {
  return a.category === TENCENT ? sendTencent(a, to, phones, params) : sendAliyun(a, to, phones, params)
}

/** A refused call as the provider said it: "<Code>: <Message>" (the SDKs put them on the error they throw). */
const reasonOf = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown; data?: { Message?: unknown } }
  const message = String(err.data?.Message ?? err.message ?? e)
  return err.code ? `${String(err.code)}: ${message}` : message
}

async function sendAliyun(a: OpenAccount, to: Endpoint, phones: string[], params: TemplateParams): Promise<SendResult> {
  const { Dysmsapi, SendSmsRequest, OpenApiConfig } = await loadAliyunSms()
  const client = new Dysmsapi(
    new OpenApiConfig({
      accessKeyId: a.accessKey,
      accessKeySecret: a.secretKey,
      endpoint: to.host,
      protocol: to.https ? 'https' : 'http',
      regionId: a.regionId || DEFAULT_REGION[ALIYUN],
      connectTimeout: TIMEOUT_MS,
      readTimeout: TIMEOUT_MS,
    }),
  )
  try {
    const res = await client.sendSms(
      new SendSmsRequest({
        phoneNumbers: phones.join(','),
        signName: a.signName,
        templateCode: a.templateId,
        templateParam: JSON.stringify(params),
      }),
    )
    const body = res.body
    // Aliyun answers 200 with Code other than OK for a refused send (an unapproved template, a daily limit).
    if (body?.code !== 'OK') return { ok: false, reason: `${body?.code ?? 'Unknown'}: ${body?.message ?? ''}` }
    return { ok: true, requestId: body.requestId ?? '', ids: body.bizId ? [body.bizId] : [] }
  } catch (e) {
    return { ok: false, reason: reasonOf(e) }
  }
}

/** Tencent wants E.164: a mainland number without a country code is +86. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`)

async function sendTencent(
  a: OpenAccount,
  to: Endpoint,
  phones: string[],
  params: TemplateParams,
): Promise<SendResult> {
  const tencentSms = await loadTencentSms()
  const client = new tencentSms.v20210111.Client({
    credential: { secretId: a.accessKey, secretKey: a.secretKey },
    region: a.regionId || DEFAULT_REGION[TENCENT],
    profile: {
      httpProfile: { endpoint: to.host, protocol: to.https ? 'https://' : 'http://', reqTimeout: TIMEOUT_MS / 1000 },
    },
  })
  try {
    const res = await client.SendSms({
      PhoneNumberSet: phones.map(e164),
      SmsSdkAppId: a.appId ?? '',
      SignName: a.signName,
      TemplateId: a.templateId,
      TemplateParamSet: Object.values(params),
    })
    // Tencent accepts the call and answers per number: one refused number refuses the send, with its reason.
    const refused = (res.SendStatusSet ?? []).find((s) => s.Code !== 'Ok')
    if (refused) return { ok: false, reason: `${refused.PhoneNumber}: ${refused.Code}: ${refused.Message}` }
    return { ok: true, requestId: res.RequestId ?? '', ids: (res.SendStatusSet ?? []).map((s) => s.SerialNo ?? '') }
  } catch (e) {
    return { ok: false, reason: reasonOf(e) }
  }
}
