import { Type } from '@sinclair/typebox'
import { and, eq, inArray } from 'drizzle-orm'
import { tenant, tenantPackage } from '../../../db/schema/index.ts'
import { tenantFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { recordUsual } from '../../lib/logs.ts'
import { defineMessages } from '../../lib/messages.ts'
import { isAdministrator, PLATFORM_TENANT, PUBLIC, TENANT_ADMIN } from '../../lib/permissions.ts'
import '../../lib/role-assignment.ts'
import { hashPassword, PASSWORD_MAX } from '../auth/password.ts'
import { endSessions } from '../auth/sessions.ts'
import { defineResource } from '../../lib/resource.ts'
import { transact, withTransaction } from '../../lib/transaction.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { platformOnly, platformWrites } from './platform-only.ts'
import { assertUnique, declareUnique, uniqueConflict } from '../../lib/unique.ts'
import { provisionTenant, type TenantInput } from './tenant-provision.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'

defineMessages({
  'tenant.name': { zh: '请输入租户名称', en: 'please enter the tenant name' },
  'tenant.idFormat': { zh: '租户编号必须是 6 位数字', en: 'the tenant id must be 6 digits' },
  'tenant.idTaken': { zh: '租户编号 {tenantId} 已存在', en: 'the tenant id {tenantId} already exists' },
  'tenant.domainTaken': { zh: '域名 {domain} 已被使用', en: 'the domain {domain} is already in use' },
})

/** A removed tenant's id stays taken (its rows keep it); its domain is free again. */
const TENANT_ID = declareUnique(tenant, { columns: ['tenantId'], message: 'tenant.idTaken', includeDeleted: true })
const DOMAIN = declareUnique(tenant, { columns: ['domain'], message: 'tenant.domainTaken' })

export const tenantResource = defineResource({
  table: tenant,
  path: '/api/blade-system/tenant',
  code: 'system:tenant',
  global: true,
  search: ['tenantName', 'linkman', 'domain'],
  filters: ['packageId'],
  fields: tenantFields,
  access: { ...platformWrites, list: platformOnly, detail: platformOnly },
  skip: ['submit'],
  unique: [TENANT_ID, DOMAIN],
  // The tenant screen's settings dialogs; each names its tenants by row id (setting) or tenant id (the others).
  actions: {
    setting: {
      button: 'setting',
      target: { many: 'ids' },
      body: {
        accountNumber: Type.Optional(Type.Integer({ minimum: -1 })),
        expireTime: Type.Optional(
          Type.Union([Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?)?$' }), Type.Null()]),
        ),
        // The study assistant's questions a day; null = the platform's default. Left as it is when not sent.
        assistantQuota: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
      },
      run: (ctx, { rows, body }) =>
        transact(ctx, async (tx) => {
          const expireTime = (body.expireTime as string | null | undefined) || null
          await tx
            .update(tenant)
            .set({
              accountNumber: (body.accountNumber as number | undefined) ?? -1,
              expireTime,
              ...('assistantQuota' in body ? { assistantQuota: (body.assistantQuota as number | null) ?? null } : {}),
              updateUser: ctx.actor.userId,
              updateTime: now(),
            })
            .where(
              inArray(
                tenant.id,
                rows.map((r) => r.id),
              ),
            )
          // A licence that has run out ends its tenant's sessions, in the same transaction.
          if (expireTime && expired(expireTime)) await endSessions(tx, { tenantIds: rows.map((r) => r.tenantId) })
          return true
        }),
    },
    datasource: {
      button: 'datasource',
      target: { one: 'tenantId', by: 'tenantId' },
      body: { datasourceId: Type.Optional(Type.String()) },
      run: async (ctx, { rows: [row], body }) => {
        await ctx.db
          .update(tenant)
          .set({ datasourceId: (body.datasourceId as string) || null, updateUser: ctx.actor.userId, updateTime: now() })
          .where(eq(tenant.id, row.id))
        return true
      },
    },
    'package-detail': {
      method: 'GET',
      button: 'system:tenant',
      target: { one: 'tenantId', by: 'tenantId' },
      verb: 'detail',
      run: async (ctx, { rows: [row] }) => {
        const pkg = row.packageId
          ? await first(
              ctx.db
                .select()
                .from(tenantPackage)
                .where(and(eq(tenantPackage.id, row.packageId), notDeleted(tenantPackage))),
            )
          : null
        return pkg ?? null
      },
    },
    'package-setting': {
      button: 'setting',
      target: { one: 'tenantId', by: 'tenantId' },
      body: { packageId: Type.Optional(Type.String()) },
      run: async (ctx, { rows: [row], body }) => {
        const packageId = (body.packageId as string | undefined) || null
        if (
          packageId &&
          !(await first(
            ctx.db
              .select({ id: tenantPackage.id })
              .from(tenantPackage)
              .where(and(eq(tenantPackage.id, packageId), notDeleted(tenantPackage))),
          ))
        )
          throw badRequest('validation.invalid', { field: 'packageId' }, 'packageId')
        await ctx.db
          .update(tenant)
          .set({ packageId, updateUser: ctx.actor.userId, updateTime: now() })
          .where(eq(tenant.id, row.id))
        return true
      },
    },
    // Submit without an id provisions a new school (createTenant, which the CLI calls too); with one it is the factory's edit.
    submit: {
      button: ['add', 'edit'],
      run: async (ctx, { sent }): Promise<unknown> => {
        const b = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {}
        return b.id ? tenantResource.ops.submit(ctx, b) : createTenant(ctx, b)
      },
    },
    // Public: the login page asks which school a host name belongs to, to hide the tenant field.
    info: {
      method: 'GET',
      button: PUBLIC,
      body: { domain: Type.Optional(Type.String({ description: 'host name the login page was opened on' })) },
      run: async (ctx, { query }): Promise<Record<string, unknown> | null> => {
        const row = query.domain
          ? await first(
              ctx.db
                .select()
                .from(tenant)
                .where(and(eq(tenant.domain, query.domain), notDeleted(tenant), eq(tenant.status, 1))),
            )
          : undefined
        return row
          ? { tenantId: row.tenantId, tenantName: row.tenantName, domain: row.domain, backgroundUrl: row.backgroundUrl }
          : null
      },
    },
  },
  async beforeWrite(_ctx, w) {
    if (w.op === 'remove' && w.before.some((r) => r.tenantId === PLATFORM_TENANT))
      throw new ApiError(400, 'tenant.defaultProtected')
  },
  async afterWrite(_ctx, w, tx) {
    const gone =
      w.op === 'remove' ||
      (w.values.status !== undefined && w.values.status !== 1) ||
      (typeof w.values.expireTime === 'string' && expired(w.values.expireTime))
    if (gone) await endSessions(tx, { tenantIds: w.before.map((r) => r.tenantId as string) })
  },
})

/** A tenant whose licence has run out signs nobody in; its open sessions end when that is set. */
const expired = (expireTime: string) => expireTime !== '' && expireTime < now()

/** A free 6-digit tenant id. */
async function nextTenantId(ctx: Ctx): Promise<string> {
  for (;;) {
    const id = String(100000 + Math.floor(Math.random() * 900000))
    const taken = tenantRows(tenant, id, {
      why: 'a tenant id stays taken after its school is removed',
      withDeleted: true,
    })
    if (!(await first(ctx.db.select({ id: tenant.id }).from(tenant).where(taken)))) return id
  }
}

/**
 * Creates a tenant with everything it needs to sign in (roles, root
 * department, admin account, dictionaries, params) in one transaction.
 * The tenant screen's add and `atrium tenant create` both come here.
 */
export async function createTenant(
  ctx: Ctx,
  input: Partial<TenantInput> & Record<string, unknown>,
): Promise<Record<string, unknown> & { tenantId: string; adminAccount: string }> {
  await tenantResource.where(ctx, 'add')
  const tenantName = typeof input.tenantName === 'string' ? input.tenantName.trim() : ''
  if (!tenantName) throw badRequest('tenant.name', { field: 'tenantName' }, 'tenantName')
  if (input.tenantId !== undefined && input.tenantId !== '' && !/^\d{6}$/.test(String(input.tenantId)))
    throw badRequest('tenant.idFormat', { field: 'tenantId' }, 'tenantId')
  const tenantId = input.tenantId ? String(input.tenantId) : await nextTenantId(ctx)
  // Said early (before the password hash); what holds is the unique indexes refusing the tenant row in the transaction.
  await assertUnique(ctx.db, TENANT_ID, { tenantId })
  await assertUnique(ctx.db, DOMAIN, { domain: input.domain })
  if (
    input.accountNumber !== undefined &&
    (!Number.isInteger(Number(input.accountNumber)) || Number(input.accountNumber) < -1)
  )
    throw badRequest('validation.invalid', { field: 'accountNumber' }, 'accountNumber')
  if (
    input.packageId &&
    !(await first(
      ctx.db
        .select({ id: tenantPackage.id })
        .from(tenantPackage)
        .where(and(eq(tenantPackage.id, input.packageId), notDeleted(tenantPackage))),
    ))
  )
    throw badRequest('validation.invalid', { field: 'packageId' }, 'packageId')
  // Provisioning hands the new tenant's administrator role out: only the platform administrator may (the role-assignment rule).
  if (!(await isAdministrator(ctx))) throw new ApiError(403, 'role.assignAbove', { role: TENANT_ADMIN })
  if (
    input.adminPassword !== undefined &&
    (typeof input.adminPassword !== 'string' || input.adminPassword.length > PASSWORD_MAX)
  )
    throw badRequest('validation.invalid', { field: 'adminPassword' }, 'adminPassword')
  const adminPasswordHash = await hashPassword(input.adminPassword || 'admin')
  const created = await withTransaction(ctx.db, (tx) =>
    provisionTenant(tx, {
      ...input,
      tenantId,
      tenantName,
      adminPasswordHash,
      accountNumber: input.accountNumber === undefined ? -1 : Number(input.accountNumber),
    }),
  ).catch((err: unknown) => {
    // Another request took the id or the domain meanwhile: the index's refusal, worded with the values asked for.
    throw uniqueConflict(err, { params: { tenantId, ...(input.domain ? { domain: input.domain } : {}) } }) ?? err
  })
  await recordUsual(ctx, PLATFORM_TENANT, 'tenant created', { tenantId }, ctx.actor.account)
  return {
    ...(await tenantResource.ops.detail(ctx, created.tenantRowId)),
    tenantId,
    adminAccount: input.adminAccount ?? 'admin',
  }
}

export const tenantRoutes = (s: Services) => tenantResource.routes(s)
