import { and, count, eq } from 'drizzle-orm'
import { dept, param, role, tenant, user, userOauth } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, conflict } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { hashPassword } from './password.ts'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/**
 * Third-party registration: creates a pending account (status 0) with the
 * student role in the tenant's root department and links the third-party
 * identity. It cannot sign in until an administrator approves it (status 1).
 * Checks run in the spec's order: tenant, account, password, match.
 */
export async function registerGuest(ctx: Ctx, body: Record<string, unknown>): Promise<string> {
  const tenantId = text(body.tenantId), account = text(body.account), name = text(body.name)
  const password = typeof body.password === 'string' ? body.password : ''
  if (!tenantId) throw badRequest('auth.tenantRequired', {}, 'tenantId')
  if (!account) throw badRequest('auth.accountRequired', {}, 'account')
  if (!password || (body.password2 !== undefined && !body.password2)) throw badRequest('auth.passwordRequired', {}, 'password')
  if (body.password2 !== undefined && body.password2 !== password) throw badRequest('auth.passwordMismatch', {}, 'password2')
  if (account.length > 64 || name.length > 64) throw badRequest('validation.tooLong', { field: 'account', max: 64 }, 'account')
  const { db } = ctx
  const t = await db.select().from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0))).get()
  if (!t) throw badRequest('auth.tenantMissing', {}, 'tenantId')
  const open = await db.select({ v: param.paramValue }).from(param).where(and(eq(param.tenantId, tenantId), eq(param.paramKey, 'account.registerUser'), eq(param.isDeleted, 0))).get()
  if (open && open.v !== 'true') throw badRequest('auth.registerClosed', {}, 'tenantId')
  if (await db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0))).get()) throw conflict('auth.accountTaken', { account })
  if (t.accountNumber >= 0) {
    const [{ n }] = await db.select({ n: count() }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
    if (n >= t.accountNumber) throw badRequest('tenant.quota', {}, 'tenantId')
  }
  const student = await db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, 'student'), eq(role.isDeleted, 0))).get()
  const root = await db.select({ id: dept.id }).from(dept).where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, '0'), eq(dept.isDeleted, 0))).get()
  const id = newId()
  const oauthId = text(body.oauthId) || null
  const stamp = now()
  const hash = await hashPassword(password)
  db.transaction((tx) => {
    tx.insert(user).values({
      id, tenantId, account, name: name || account, realName: name || account, password: hash, roleId: student?.id ?? '', deptId: root?.id ?? '',
      oauthId, status: 0, createUser: '0', createTime: stamp, updateUser: '0', updateTime: stamp, remark: 'registered by a third-party sign-in; awaiting approval',
    }).run()
    if (oauthId) tx.update(userOauth).set({ userId: id }).where(and(eq(userOauth.id, oauthId), eq(userOauth.tenantId, tenantId))).run()
  })
  return id
}
