import { Type } from '@sinclair/typebox'
import { payAlipayConfig, payMergeConfig, payWxConfig } from '../../../db/schema/index.ts'
import { alipayConfigFields, mergeConfigFields, wxConfigFields } from '../../../db/fields/pay.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { recordUsual } from '../../lib/logs.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Write } from '../../lib/resource-types.ts'
import { seal } from '../../lib/sealed.ts'
import { readPrivateKey, readPublicKey } from './keys.ts'
import './messages.ts'
import { payServices } from './services.ts'

const KEY_BODY = Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()]))

type Label = { zh: string; en: string }
const keyLabel = (l: Label, ctx: Ctx) => l[ctx.lang].replace(/[（(].*$/, '').trim()

/**
 * A sealed key on write: blank keeps the stored one (the form never holds it), a new one is checked and sealed;
 * a row must end up with one. Answers the names of the keys this write changed, for the log.
 */
function sealKeys(ctx: Ctx, w: Write, keys: Record<string, { label: Label; check?: (v: string) => string }>) {
  const changed: string[] = []
  const v = w.values as Record<string, unknown>
  for (const [k, o] of Object.entries(keys)) {
    const given = typeof v[k] === 'string' ? (v[k] as string).trim() : ''
    if (!given) {
      delete v[k]
      if (!(w.before[0] as Record<string, unknown> | undefined)?.[k])
        throw badRequest('pay.keyRequired', { label: keyLabel(o.label, ctx) }, k)
      continue
    }
    v[k] = seal(payServices(ctx.db).jwtSecret, o.check ? o.check(given) : given)
    changed.push(k)
  }
  return changed
}

const privateKeyOf = (ctx: Ctx, field: string, label: Label) => (text: string) => {
  const k = readPrivateKey(text)
  if (!k) throw badRequest('pay.keyInvalid', { label: keyLabel(label, ctx) }, field)
  return k.base64
}

function publicKeyOf(ctx: Ctx, values: Record<string, unknown>, field: string, label: Label) {
  if (typeof values[field] === 'string' && !readPublicKey(values[field]))
    throw badRequest('pay.keyInvalid', { label: keyLabel(label, ctx) }, field)
}

/** Every address the appliance calls (gateways) must pass the platform's outbound policy. */
async function checkAddresses(ctx: Ctx, w: Write, fields: string[]) {
  const merged = { ...(w.before[0] as Record<string, unknown> | undefined), ...(w.values as Record<string, unknown>) }
  const tenantId = String(merged.tenantId ?? ctx.actor.tenantId)
  for (const f of fields) if (merged[f]) await checkOutbound(ctx.db, tenantId, String(merged[f]), { field: f })
}

/** Key changes go to the usual log (who, which config, which keys — never the keys). */
const keyLog = new WeakMap<object, string[]>()
const logKeys = (kind: string) => async (ctx: Ctx, w: Write, row?: { id: string; tenantId: string }) => {
  const keys = keyLog.get(w)
  if (!keys?.length || !row) return
  await recordUsual(
    { db: ctx.db },
    row.tenantId,
    `pay ${kind} config keys changed`,
    { id: row.id, keys },
    ctx.actor.account,
  )
}

/** A school's Alipay application (blade-pay/alipay/config): the private key sealed, never answered. */
export const alipayConfigResource = defineResource({
  table: payAlipayConfig,
  path: '/api/blade-pay/alipay/config',
  code: 'pay:alipay',
  search: ['name', 'appId'],
  fields: alipayConfigFields,
  hidden: ['privateKey'],
  body: { privateKey: KEY_BODY },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    publicKeyOf(ctx, w.values, 'alipayPublicKey', alipayConfigFields.alipayPublicKey.label)
    if (typeof w.values.alipayPublicKey === 'string')
      w.values.alipayPublicKey = w.values.alipayPublicKey.replace(/-----(BEGIN|END)[^-]+-----|\s+/g, '')
    keyLog.set(
      w,
      sealKeys(ctx, w as Write, {
        privateKey: {
          label: alipayConfigFields.privateKey.label,
          check: privateKeyOf(ctx, 'privateKey', alipayConfigFields.privateKey.label),
        },
      }),
    )
    await checkAddresses(ctx, w as Write, ['gateway'])
  },
  afterCommit: logKeys('alipay'),
})

/** A school's WeChat Pay v3 merchant (blade-pay/wxconfig): API v3 key and merchant private key sealed. */
export const wxConfigResource = defineResource({
  table: payWxConfig,
  path: '/api/blade-pay/wxconfig',
  code: 'pay:wxpay',
  search: ['name', 'mchId', 'appId'],
  fields: wxConfigFields,
  hidden: ['apiV3Key', 'privateKey'],
  body: { apiV3Key: KEY_BODY, privateKey: KEY_BODY },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    publicKeyOf(ctx, w.values, 'platformCert', wxConfigFields.platformCert.label)
    keyLog.set(
      w,
      sealKeys(ctx, w as Write, {
        apiV3Key: {
          label: wxConfigFields.apiV3Key.label,
          check: (v) => {
            if (Buffer.byteLength(v) !== 32) throw badRequest('pay.apiV3Key', {}, 'apiV3Key')
            return v
          },
        },
        privateKey: {
          label: wxConfigFields.privateKey.label,
          check: privateKeyOf(ctx, 'privateKey', wxConfigFields.privateKey.label),
        },
      }),
    )
    await checkAddresses(ctx, w as Write, ['baseUrl'])
  },
  afterCommit: logKeys('wxpay'),
})

/** Which accounts serve which client (blade-pay/merge/config): both must be the school's own configs. */
export const mergeConfigResource = defineResource({
  table: payMergeConfig,
  path: '/api/blade-pay/merge/config',
  code: 'pay:merge',
  search: ['name'],
  filters: ['client'],
  fields: mergeConfigFields,
  unique: ['client'],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.values.alipayConfigId)
      await alipayConfigResource.ops.detail(ctx, w.values.alipayConfigId).catch(refuse('alipayConfigId'))
    if (w.values.wxConfigId) await wxConfigResource.ops.detail(ctx, w.values.wxConfigId).catch(refuse('wxConfigId'))
  },
})

const refuse = (field: string) => () => {
  throw badRequest('pay.configMissing', {}, field)
}
