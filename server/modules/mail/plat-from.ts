import { Type } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import { emailConfig, emailPlatFrom } from '../../../db/schema/index.ts'
import { mailPlatFromFields } from '../../../db/fields/mail.ts'
import { ruleProblem } from '../../../db/fields/types.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { PLATFORM_TENANT } from '../../lib/permission-cache.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { transact } from '../../lib/transaction.ts'
import { addressList } from './addresses.ts'
import { checkMailHost } from './hosts.ts'

defineMessages({
  'mail.platFrom.taken': { zh: '服务商名称已存在', en: 'a provider of that name exists' },
  'mail.platFrom.disabled': { zh: '该服务商未向学校提供', en: 'that provider is not offered to schools' },
})

/** Providers are the platform's to keep: a school's administrator holding the code still may only read them. */
const platformAdmin = async (ctx: Ctx) => ctx.actor.tenantId === PLATFORM_TENANT && (await isAdministrator(ctx))

/**
 * Mail providers (blade-email/plat-from): a provider's SMTP/IMAP defaults the platform keeps for every school.
 * `copy` makes one into the caller's own account (name, servers and encryption; the school adds its login and
 * sender), `enable` offers it to schools or withdraws it. Schools read the list (the account screen's "from a
 * provider" picker) with their account menu's code.
 */
export const platFromResource = defineResource({
  table: emailPlatFrom,
  path: '/api/blade-email/plat-from',
  code: 'mail:platFrom',
  global: true,
  search: ['name', 'host'],
  filters: ['isEnabled'],
  fields: mailPlatFromFields,
  unique: [{ columns: ['name'], message: 'mail.platFrom.taken' }],
  read: { perm: { list: ['mail:config'], page: ['mail:config'], detail: ['mail:config'] } },
  access: {
    // A school sees only what is offered; the platform sees every provider.
    list: async (ctx) => (await platformAdmin(ctx)) || eq(emailPlatFrom.isEnabled, 1),
    detail: async (ctx) => (await platformAdmin(ctx)) || eq(emailPlatFrom.isEnabled, 1),
    add: platformAdmin,
    edit: platformAdmin,
    remove: platformAdmin,
  },
  actions: {
    enable: {
      button: 'enable',
      target: { one: 'id' },
      body: { enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()])) },
      run: async (ctx, { rows: [row], body }) => {
        const on = body.enabled === undefined ? 1 : Number(body.enabled) ? 1 : 0
        await platFromResource.ops.submit(ctx, { id: row!.id, isEnabled: on })
        return null
      },
    },
    copy: {
      button: 'mail:config:add',
      target: { one: 'id' },
      verb: 'detail',
      body: {
        name: Type.Optional(Type.String({ maxLength: 100 })),
        fromAddress: Type.Optional(Type.String({ maxLength: 255 })),
        username: Type.Optional(Type.String({ maxLength: 255 })),
      },
      run: async (ctx, { rows: [p], body }) => {
        if (!p!.isEnabled) throw new ApiError(409, 'mail.platFrom.disabled')
        const from = addressList(body.fromAddress, 'fromAddress')[0] ?? null
        if (body.fromAddress !== undefined && !from)
          throw badRequest('rule.email', { field: 'fromAddress' }, 'fromAddress')
        const stamp = now()
        const row = {
          id: newId(),
          tenantId: ctx.actor.tenantId,
          createUser: ctx.actor.userId,
          createDept: ctx.actor.deptIds[0] ?? null,
          createTime: stamp,
          updateUser: ctx.actor.userId,
          updateTime: stamp,
          name: String(body.name ?? p!.name),
          host: p!.host,
          port: p!.port,
          tlsMode: p!.tlsMode,
          imapHost: p!.imapHost,
          imapPort: p!.imapPort,
          imapTls: p!.imapTls,
          username: (body.username as string | undefined) ?? null,
          // Until the school sets its sender the login (when an address) is the likeliest one; the form asks anyway.
          fromAddress:
            from ??
            (ruleProblem(['email'], body.username) || !body.username ? `noreply@${p!.host}` : String(body.username)),
          platFromId: p!.id,
        }
        // The platform's hosts pass the policy as the school's own would: a school cannot reach through a copy
        // what it could not configure itself.
        await checkMailHost(ctx.db, ctx.actor.tenantId, row.host, row.port, { field: 'host' })
        await transact(ctx, (tx) => tx.insert(emailConfig).values(row))
        return (await ctx.db.select().from(emailConfig).where(eq(emailConfig.id, row.id))).map(
          ({ password: _, ...r }) => r,
        )[0]
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const merged = { ...w.before[0], ...w.values }
    await checkMailHost(ctx.db, PLATFORM_TENANT, String(merged.host ?? ''), Number(merged.port ?? 465), {
      field: 'host',
    })
  },
})
