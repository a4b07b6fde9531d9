import { Type as t } from '@sinclair/typebox'
import { and, eq, ne } from 'drizzle-orm'
import { oss } from '../../../db/schema/index.ts'
import { ossFields } from '../../../db/fields/resource.ts'
import type { Services } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { now } from '../../lib/time.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { withTransaction } from '../../lib/transaction.ts'

const ONE_ENABLED = 'one storage is enabled per school, whichever of them the caller sees'

defineMessages({
  'oss.endpoint': { zh: '请输入资源地址', en: 'please enter the endpoint' },
  'oss.bucket': { zh: '请输入空间名', en: 'please enter the bucket name' },
  'oss.accessKey': { zh: '请输入 accessKey', en: 'please enter the access key' },
  'oss.secretKey': { zh: '请输入 secretKey', en: 'please enter the secret key' },
})

/** OSS configurations (blade-resource/oss): list, detail, submit, remove, and enable (one per tenant). */
export const ossResource = defineResource({
  table: oss,
  path: '/api/blade-resource/oss',
  code: 'resource:oss',
  perms: { edit: 'resource:oss:edit' },
  search: ['ossCode', 'endpoint', 'bucketName'],
  filters: ['category', 'isEnabled'],
  fields: ossFields,
  hidden: ['secretKey', 'isEnabled'],
  actions: {
    // Enabling one turns the tenant's others off: new uploads go there; stored files stay where they were written.
    enable: {
      button: 'enable',
      body: looseBody('id'),
      run: async (ctx, { body }) => {
        const [row] = await ossResource.ops.all(ctx, {}, eq(oss.id, String(body.id ?? '')))
        if (!row) throw badRequest('validation.id', { field: 'id' }, 'id')
        const stamp = now()
        await withTransaction(ctx.db, async (tx) => {
          await tx
            .update(oss)
            .set({ isEnabled: 0, updateTime: stamp })
            .where(
              and(tenantRows(oss, ctx.actor.tenantId, { why: ONE_ENABLED, withDeleted: true }), ne(oss.id, row.id)),
            )
          await tx
            .update(oss)
            .set({ isEnabled: 1, updateUser: ctx.actor.userId, updateTime: stamp })
            .where(eq(oss.id, row.id))
        })
        return null
      },
    },
    // Which configuration is the enabled one, without its secret: the screen marks it in the list.
    enabled: {
      method: 'GET',
      button: 'resource:oss',
      run: async (ctx): Promise<{ enabledId: string | null; count: number }> => {
        const rows = await ossResource.ops.all(ctx, {})
        const on = await ctx.db
          .select({ id: oss.id })
          .from(oss)
          .where(and(tenantRows(oss, ctx.actor.tenantId, { why: ONE_ENABLED }), eq(oss.isEnabled, 1)))
        return { enabledId: on[0]?.id ?? null, count: rows.length }
      },
    },
  },
  body: { secretKey: t.Optional(t.Union([t.String({ maxLength: 255 }), t.Null()])) },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    // A blank secret on edit keeps the stored one; the stored one is never sent back.
    if (w.op === 'update' && !w.values.secretKey) delete w.values.secretKey
    const merged = { ...w.before[0], ...w.values }
    if (Number(merged.category ?? 2) === 2) {
      for (const [f, key] of [
        ['endpoint', 'oss.endpoint'],
        ['bucketName', 'oss.bucket'],
        ['accessKey', 'oss.accessKey'],
        ['secretKey', 'oss.secretKey'],
      ] as const)
        if (!merged[f]) throw badRequest(key, { field: f }, f)
      if (!/^https?:\/\//.test(String(merged.endpoint))) throw badRequest('rule.url', { field: 'endpoint' }, 'endpoint')
      // The school's storage is reached by the appliance: its address must pass the platform's outbound policy.
      await checkOutbound(ctx.db, String(merged.tenantId ?? ctx.actor.tenantId), String(merged.endpoint), {
        field: 'endpoint',
      })
    }
  },
})

export const ossRoutes = (s: Services) => ossResource.routes(s)
