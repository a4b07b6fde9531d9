import { Type as t } from '@sinclair/typebox'
import { desc, inArray } from 'drizzle-orm'
import { assistantConfigFields } from '../../../db/fields/assistant.ts'
import { assistantConfig } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { badRequest } from '../../lib/errors.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { isAdministrator, PLATFORM_TENANT } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Row } from '../../lib/resource-types.ts'
import { first } from '../../lib/rows.ts'
import { isSealed, seal, unseal } from '../../lib/sealed.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import './messages.ts'
import { secretOf } from './secret.ts'

const KEY_MAX = 512

/**
 * Only the platform administrator sees or changes the model endpoint: it names a host outside every school and a
 * key the platform pays for (DESIGN: a school's administrator is a customer of the appliance). The menu is a platform
 * one; this rule refuses anyone else even holding the code.
 */
const platformAdmin = async (ctx: Ctx) => ctx.actor.tenantId === PLATFORM_TENANT && (await isAdministrator(ctx))

/** The rows with their key as a form may show it (its last four characters, '' when none is set); one look-up. */
async function withMask(ctx: Ctx, rows: Row[]) {
  const ids = rows.map((r) => String(r.id))
  const keys = new Map(
    ids.length
      ? (
          await ctx.db
            .select({ id: assistantConfig.id, apiKey: assistantConfig.apiKey })
            .from(assistantConfig)
            .where(inArray(assistantConfig.id, ids))
        ).map((r) => [r.id, r.apiKey])
      : [],
  )
  return rows.map((r) => {
    const sealed = keys.get(String(r.id))
    return { ...r, apiKeyMask: isSealed(sealed) ? `••••${unseal(secretOf(ctx.db), sealed).slice(-4)}` : '' }
  })
}

/** The submit body with its key sealed (a blank key keeps the stored one), length checked as typed. */
function sealedKey(db: Db, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = { ...(body as Record<string, unknown>) }
  const key = typeof b.apiKey === 'string' ? b.apiKey.trim() : ''
  if (!key) delete b.apiKey
  else if (key.length > KEY_MAX) throw badRequest('validation.tooLong', { field: 'apiKey', max: KEY_MAX }, 'apiKey')
  else b.apiKey = seal(secretOf(db), key)
  return b
}

/**
 * The study assistant's model endpoint (blade-assistant/config): one row (a second is a 409), the key sealed and
 * never answered (`apiKeyMask` shows its end), the address checked against the outbound policy as the platform's.
 */
export const assistantConfigResource = defineResource({
  table: assistantConfig,
  path: '/api/blade-assistant/config',
  code: 'assistant:config',
  global: true,
  fields: assistantConfigFields,
  hidden: ['apiKey', 'slot'],
  // Sealed (base64 of AES-GCM) by the time the factory checks it.
  body: { apiKey: t.Optional(t.Union([t.String({ maxLength: 1200 }), t.Null()])) },
  unique: [{ columns: ['slot'], field: 'baseUrl', message: 'assistant.single' }],
  access: {
    list: platformAdmin,
    detail: platformAdmin,
    add: platformAdmin,
    edit: platformAdmin,
    remove: platformAdmin,
  },
  read: { rows: withMask },
  skip: ['submit'],
  actions: {
    // Insert without an id, update with one: the factory's submit over the body with its key sealed.
    submit: {
      button: ['add', 'edit'],
      run: (ctx, { sent }): Promise<unknown> => assistantConfigResource.ops.submit(ctx, sealedKey(ctx.db, sent)),
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.op === 'insert') w.values.slot = 'model'
    if (typeof w.values.apiKey === 'string' && !isSealed(w.values.apiKey))
      throw new Error('the model key must be sealed before it is written')
    const baseUrl = w.values.baseUrl ?? w.before[0]?.baseUrl
    // The appliance calls this address for every school: it must pass the platform's outbound policy.
    if (baseUrl) await checkOutbound(ctx.db, PLATFORM_TENANT, String(baseUrl), { field: 'baseUrl' })
  },
})

/** What the assistant needs of an enabled endpoint, the key opened; undefined while none is set up and enabled. */
export interface ModelEndpoint {
  baseUrl: string
  model: string
  apiKey: string
  dailyQuota: number
}

export async function enabledEndpoint(db: Db): Promise<ModelEndpoint | undefined> {
  const row = await first(
    db.select().from(assistantConfig).where(notDeleted(assistantConfig)).orderBy(desc(assistantConfig.updateTime)),
  )
  if (!row || row.enabled !== 1) return undefined
  return {
    baseUrl: row.baseUrl,
    model: row.model,
    apiKey: isSealed(row.apiKey) ? unseal(secretOf(db), row.apiKey) : '',
    dailyQuota: row.dailyQuota,
  }
}
