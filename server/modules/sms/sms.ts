import { Type as t } from '@sinclair/typebox'
import { and, eq, ne } from 'drizzle-orm'
import { sms } from '../../../db/schema/index.ts'
import { smsFields } from '../../../db/fields/sms.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { seal } from '../../lib/sealed.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { TENCENT } from './providers.ts'
import { sendMessage } from './send.ts'

const ONE_ENABLED = 'one SMS account is enabled per school, whichever of them the caller sees'
const KEYS = ['accessKey', 'secretKey'] as const
const KEY_MAX = 255

defineMessages({
  'smsAccount.accessKey': { zh: '请输入 accessKey', en: 'please enter the access key' },
  'smsAccount.secretKey': { zh: '请输入 secretKey', en: 'please enter the secret key' },
  'smsAccount.appId': { zh: '腾讯云短信请输入应用ID（SdkAppId）', en: 'Tencent Cloud SMS needs the app ID (SdkAppId)' },
  'smsAccount.sent': { zh: '短信已发送', en: 'the message has been sent' },
})

/**
 * The submit body with both keys sealed under the data directory's secret, which the operations do not hold: a
 * plain key is never written nor logged with the row. Checked for length first, as typed (400 naming the field).
 */
function sealedKeys(body: unknown, secret: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = { ...(body as Record<string, unknown>) }
  for (const k of KEYS) {
    const v = b[k]
    if (typeof v !== 'string' || !v.trim()) delete b[k]
    else if (v.trim().length > KEY_MAX) throw badRequest('validation.tooLong', { field: k, max: KEY_MAX }, k)
    else b[k] = seal(secret, v.trim())
  }
  return b
}

const secretOf = (services: Services | undefined) => {
  // The CLI has no route services and so no data-directory secret here: it writes accounts through the route.
  if (!services) throw new Error('SMS accounts are written through the HTTP route, which holds the sealing secret')
  return services.jwtSecret
}

/**
 * SMS provider accounts (blade-resource/sms): list, detail, submit (keys sealed, never answered; blank keeps the
 * stored one), remove, enable (one per school: the portal's codes go through it) and send-message.
 */
export const smsResource = defineResource({
  table: sms,
  path: '/api/blade-resource/sms',
  code: 'resource:sms',
  search: ['smsCode', 'templateId', 'signName'],
  filters: ['category', 'isEnabled'],
  fields: smsFields,
  hidden: [...KEYS],
  // Sealed (base64 of AES-GCM) by the time the factory checks them: room for a 255-character key.
  body: Object.fromEntries(KEYS.map((k) => [k, t.Optional(t.Union([t.String({ maxLength: 600 }), t.Null()]))])),
  unique: ['smsCode'],
  skip: ['submit'],
  actions: {
    // Insert without an id, update with one: the factory's submit over the body with its keys sealed.
    submit: {
      button: ['add', 'edit'],
      run: (ctx, { sent, services }): Promise<unknown> =>
        smsResource.ops.submit(ctx, sealedKeys(sent, secretOf(services))),
    },
    // Enabling one turns the school's others off: codes and notices go out through it from now on.
    enable: {
      button: 'enable',
      target: { one: 'id' },
      run: async (ctx, { rows: [row] }) => {
        const stamp = now()
        await withTransaction(ctx.db, async (tx) => {
          await tx
            .update(sms)
            .set({ isEnabled: 0, updateTime: stamp })
            .where(
              and(tenantRows(sms, ctx.actor.tenantId, { why: ONE_ENABLED, withDeleted: true }), ne(sms.id, row!.id)),
            )
          await tx
            .update(sms)
            .set({ isEnabled: 1, updateUser: ctx.actor.userId, updateTime: stamp })
            .where(eq(sms.id, row!.id))
        })
        return null
      },
    },
    // BladeX's send-message: `code` picks the account, `phones` a comma list, `params` the template's values (JSON).
    'send-message': {
      button: 'send',
      body: looseBody('code', 'phones', 'params'),
      message: 'smsAccount.sent',
      run: async (ctx, { body, query, services }): Promise<{ requestId: string; ids: string[] }> =>
        sendMessage(
          ctx,
          secretOf(services),
          { code: body.code ?? query.code, phones: body.phones ?? query.phones, params: body.params ?? query.params },
          await smsResource.scope(ctx),
        ),
    },
  },
  beforeWrite: async (ctx: Ctx, w) => {
    if (w.op === 'remove') return
    // Enabling is the enable verb's, which turns the others off in the same transaction.
    delete w.values.isEnabled
    const merged = { ...w.before[0], ...w.values }
    for (const k of KEYS) if (!merged[k]) throw badRequest(`smsAccount.${k}`, { field: k }, k)
    if (Number(merged.category) === TENCENT && !merged.appId)
      throw badRequest('smsAccount.appId', { field: 'appId' }, 'appId')
    // The appliance calls this address for the school: it must pass the platform's outbound policy.
    if (merged.endpoint)
      await checkOutbound(ctx.db, String(merged.tenantId ?? ctx.actor.tenantId), String(merged.endpoint), {
        field: 'endpoint',
      })
  },
})

export const smsRoutes = (s: Services) => smsResource.routes(s)
