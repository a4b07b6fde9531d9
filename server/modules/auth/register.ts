import { and, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import { dept, param, role, tenant, user, userOauth } from '../../../db/schema/index.ts'
import type { Config } from '../../lib/config.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { take } from '../../lib/throttle.ts'
import { now } from '../../lib/time.ts'
import { ACCOUNT_UNIQUE, assertQuota, pendingCount } from '../system/account-quota.ts'
import { assertUnique, uniqueConflict } from '../../lib/unique.ts'
import { changed, first } from '../../lib/rows.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'
import { lockRows } from '../../lib/row-lock.ts'
import { checkCaptcha } from './captcha.ts'
import { captchaRequired } from './login-options.ts'
import { hashPassword, PASSWORD_MAX } from './password.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const REGISTERING = 'a visitor registering is not signed in yet'

defineMessages({
  'auth.pendingFull': {
    zh: '待审核的注册申请过多，请稍后再试',
    en: 'too many applications are awaiting approval; please try again later',
  },
  'auth.oauthInvalid': {
    zh: '第三方账号无效或已绑定',
    en: 'the third-party identity is not valid or is already linked',
  },
})

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** What a registration knows about where it comes from. */
export interface RegisterSource {
  config: Config
  ip: string
  captchaKey?: string
  captchaCode?: string
}

/**
 * Third-party registration: creates a pending account (status 0) with the
 * student role in the tenant's root department and links the third-party
 * identity. It cannot sign in until an administrator approves it (status 1).
 * Checks run in the spec's order: tenant, account, password, match. Anyone
 * may call it, so it is bounded: a captcha when captcha mode is on, a number
 * of registrations per client address per hour, and a cap on applications a
 * tenant holds awaiting approval; pending applications do not count against
 * the tenant's account limit (approval checks it).
 */
export async function registerGuest(ctx: Ctx, body: Record<string, unknown>, from: RegisterSource): Promise<string> {
  const tenantId = text(body.tenantId),
    account = text(body.account),
    name = text(body.name)
  const password = typeof body.password === 'string' ? body.password : ''
  if (!tenantId) throw badRequest('auth.tenantRequired', {}, 'tenantId')
  if (!account) throw badRequest('auth.accountRequired', {}, 'account')
  if (!password || (body.password2 !== undefined && !body.password2))
    throw badRequest('auth.passwordRequired', {}, 'password')
  if (body.password2 !== undefined && body.password2 !== password)
    throw badRequest('auth.passwordMismatch', {}, 'password2')
  if (account.length > 64) throw badRequest('validation.tooLong', { field: 'account', max: 64 }, 'account')
  if (name.length > 64) throw badRequest('validation.tooLong', { field: 'name', max: 64 }, 'name')
  if (tenantId.length > 12) throw badRequest('validation.tooLong', { field: 'tenantId', max: 12 }, 'tenantId')
  if (password.length > PASSWORD_MAX)
    throw badRequest('validation.tooLong', { field: 'password', max: PASSWORD_MAX }, 'password')
  const { db } = ctx
  await take(db, `register:${from.ip}`, from.config.registerIpLimit, 3600)
  if (await captchaRequired(db, from.config, tenantId)) {
    if (!from.captchaKey || !from.captchaCode) throw badRequest('auth.captchaRequired', {}, 'captcha')
    if (!(await checkCaptcha(db, from.captchaKey, from.captchaCode)))
      throw badRequest('auth.captchaWrong', {}, 'captcha')
  }
  const t = await first(
    db
      .select()
      .from(tenant)
      .where(tenantRows(tenant, tenantId, { why: REGISTERING })),
  )
  if (!t || t.status !== 1) throw badRequest('auth.tenantMissing', {}, 'tenantId')
  const open = await first(
    db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantRows(param, tenantId, { why: REGISTERING }), eq(param.paramKey, 'account.registerUser'))),
  )
  if (open && open.v !== 'true') throw badRequest('auth.registerClosed', {}, 'tenantId')
  // Said before the wait for a password hash; what holds is the unique index the insert meets (ux_user_account).
  const takenAnswer = { message: 'auth.accountTaken', params: { tenantId, account } }
  await assertUnique(db, ACCOUNT_UNIQUE, { tenantId, account }, undefined, takenAnswer)
  // Said early so a full queue costs no hash; what holds is the cap inside the insert (insertWhileRoom).
  if ((await pendingCount(db, tenantId)) >= from.config.pendingMax) throw badRequest('auth.pendingFull', {}, 'tenantId')
  // A full tenant could not approve the application anyway: say so now rather than after the wait.
  await assertQuota(db, tenantId, 1, 'tenantId')
  // Only an identity the third-party sign-in just remembered (unguessable id, not linked to anyone) may be linked.
  const oauthId = text(body.oauthId) || null
  if (
    oauthId &&
    !(await first(
      db
        .select({ id: userOauth.id })
        .from(userOauth)
        .where(
          and(
            eq(userOauth.id, oauthId),
            tenantRows(userOauth, tenantId, { why: REGISTERING }),
            isNull(userOauth.userId),
          ),
        ),
    ))
  ) {
    throw badRequest('auth.oauthInvalid', {}, 'oauthId')
  }
  const student = await first(
    db
      .select({ id: role.id })
      .from(role)
      .where(and(tenantRows(role, tenantId, { why: REGISTERING }), eq(role.roleAlias, 'student'))),
  )
  const root = await first(
    db
      .select({ id: dept.id })
      .from(dept)
      .where(and(tenantRows(dept, tenantId, { why: REGISTERING }), eq(dept.parentId, '0'))),
  )
  const id = newId()
  const stamp = now()
  const hash = await hashPassword(password)
  await withTransaction(db, async (tx) => {
    // The tenant's row first: registrations of one school count their pending applications one after another.
    await lockRows(tx, tenant, tenantRows(tenant, tenantId, { why: REGISTERING }))
    if (oauthId) {
      // Linked in the same transaction, and only while still unlinked: two registrations racing for one identity cannot both win.
      const linked = await tx
        .update(userOauth)
        .set({ userId: id })
        .where(
          and(
            eq(userOauth.id, oauthId),
            tenantRows(userOauth, tenantId, { why: REGISTERING }),
            isNull(userOauth.userId),
          ),
        )
      if (changed(linked) !== 1) throw badRequest('auth.oauthInvalid', {}, 'oauthId')
    }
    const added = await insertWhileRoom(
      tx,
      {
        id,
        tenantId,
        account,
        name: name || account,
        realName: name || account,
        password: hash,
        roleId: student?.id ?? '',
        deptId: root?.id ?? '',
        oauthId,
        status: 0,
        createUser: '0',
        createTime: stamp,
        updateUser: '0',
        updateTime: stamp,
        remark: 'registered by a third-party sign-in; awaiting approval',
      },
      from.config.pendingMax,
    ).catch((e: unknown) => {
      // Another registration took the account since the check above: the index refused this one.
      throw uniqueConflict(e, takenAnswer) ?? e
    })
    if (!added) throw badRequest('auth.pendingFull', {}, 'tenantId')
  })
  return id
}

/**
 * Inserts the application as one `INSERT … SELECT … FROM blade_tenant WHERE
 * (pending applications) < max`, in a transaction that holds the tenant's row
 * (lockRows): on SQLite the statement alone is atomic; on PostgreSQL's READ
 * COMMITTED a statement counts only what committed before it, so parallel
 * registrations (each waiting for its hash after the early check) could
 * together pass the cap without the lock, which makes the next one's count
 * wait for this one's commit. Answers whether the row went in.
 */
async function insertWhileRoom(tx: Tx, row: typeof user.$inferInsert, max: number): Promise<boolean> {
  // INSERT … SELECT names every column in table order; a column the row leaves out takes its declared default.
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(user)).map(([key, col]) => {
      const given = (row as Record<string, unknown>)[key]
      return [key, sql`${given !== undefined ? given : (col.default ?? null)}`]
    }),
  )
  const pending = tx
    .select({ n: count() })
    .from(user)
    .where(and(tenantRows(user, row.tenantId!, { why: REGISTERING }), eq(user.status, 0)))
  const r = await tx.insert(user).select(
    (qb) =>
      qb
        .select(fields)
        .from(tenant)
        .where(and(tenantRows(tenant, row.tenantId!, { why: REGISTERING }), sql`(${pending}) < ${max}`)) as never,
  )
  return changed(r) === 1
}
