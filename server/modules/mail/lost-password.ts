import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { passwordReset, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { recordUsual } from '../../lib/logs.ts'
import { defineMessages } from '../../lib/messages.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { bodyText } from '../../lib/request-schema.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { take } from '../../lib/throttle.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { hashPassword, PASSWORD_MAX } from '../auth/password.ts'
import { endSessions } from '../auth/sessions.ts'
import { mailUsers } from './appliance-mail.ts'
import { RESET_PASSWORD } from './appliance-templates.ts'
import { mailServices } from './services.ts'

defineMessages({
  'auth.resetAccount': { zh: '请输入账号', en: 'please enter the account' },
  'auth.resetSent': {
    zh: '如果该账号登记了邮箱，重置密码的链接已发送到该邮箱',
    en: 'if the account has an e-mail address, a link to reset the password was sent to it',
  },
  'auth.resetLinkInvalid': {
    zh: '链接无效、已过期或已使用，请重新申请',
    en: 'the link is not valid, has expired or was used: ask for a new one',
  },
  'auth.resetDone': { zh: '密码已重置，请使用新密码登录', en: 'the password was reset: sign in with the new one' },
})

/** How long a link works: long enough to open the mail, short enough that an old mailbox is no key. */
export const RESET_MINUTES = 30
/** Links one account may ask for an hour, whoever asks: the mailbox is not flooded. */
const RESETS_AN_HOUR = 3

const WHY = 'a lost password is work done for a school (the account is not signed in), not for a caller'

const hashOf = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`password-reset\n${token}`).digest('hex')

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

const refused = () => false as const

/**
 * The lost-password mail: `forgot` (account, in the school the sign-in page names) mails a one-time link through
 * the school's `auth.resetPassword` template and outbox; `reset` (token, new password twice) sets the password and
 * ends the account's sessions. Both are public — the person cannot sign in — and answer alike whether or not the
 * account exists or has an address, so neither tells a stranger which accounts there are.
 */
export const lostPasswordResource = defineResource({
  // Actions on the school's users (no rows of its own are listed): the links live in blade_password_reset.
  table: user,
  path: '/api/blade-auth/password',
  code: 'system:user',
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: refused, detail: refused, add: refused, edit: refused, remove: refused },
  actions: {
    forgot: {
      button: PUBLIC,
      body: { account: bodyText('account that forgot its password') },
      run: async (ctx, { body }) => {
        const account = textOf(body.account).slice(0, 64)
        if (!account) throw badRequest('auth.resetAccount', { field: 'account' }, 'account')
        const tenantId = ctx.actor.tenantId
        // Counted before the look-up, so an unknown account costs the same as a known one.
        await take(ctx.db, `password-reset:${tenantId}:${account}`, RESETS_AN_HOUR, 3600)
        const u = await first(
          ctx.db
            .select({ id: user.id, email: user.email })
            .from(user)
            .where(and(tenantRows(user, tenantId, { why: WHY }), eq(user.account, account), eq(user.status, 1))),
        )
        if (u?.email) await mailLink(ctx, tenantId, u.id, account)
        return null
      },
      message: 'auth.resetSent',
    },
    reset: {
      button: PUBLIC,
      body: {
        token: bodyText('the token from the mailed link'),
        newPassword: bodyText('new password (md5 hex)'),
        newPassword1: bodyText('new password again'),
      },
      run: async (ctx, { body }) => {
        const token = textOf(body.token)
        const password = typeof body.newPassword === 'string' ? body.newPassword : ''
        if (!token || token.length > 100) throw badRequest('auth.resetLinkInvalid', { field: 'token' }, 'token')
        if (!password) throw badRequest('user.newPasswordRequired', { field: 'newPassword' }, 'newPassword')
        if (password.length > PASSWORD_MAX)
          throw badRequest('validation.tooLong', { field: 'newPassword', max: PASSWORD_MAX }, 'newPassword')
        if (password !== body.newPassword1)
          throw badRequest('auth.passwordMismatch', { field: 'newPassword1' }, 'newPassword1')
        const hash = await hashPassword(password)
        const secret = mailServices(ctx.db).jwtSecret
        const done = await withTransaction(ctx.db, async (tx) => {
          // Spent by one conditional update: of two requests with the same link, one finds it unused.
          const link = await first(
            tx
              .update(passwordReset)
              .set({ usedAt: Date.now() })
              .where(
                and(
                  eq(passwordReset.tokenHash, hashOf(secret, token)),
                  isNull(passwordReset.usedAt),
                  gt(passwordReset.expiresAt, Date.now()),
                ),
              )
              .returning({ id: passwordReset.id, tenantId: passwordReset.tenantId, userId: passwordReset.userId }),
          )
          if (!link) return undefined
          const changed = await tx
            .update(user)
            .set({
              password: hash,
              failCount: 0,
              locked: 0,
              lockedUntil: null,
              updateUser: link.userId,
              updateTime: now(),
            })
            .where(and(tenantRows(user, link.tenantId, { why: WHY }), eq(user.id, link.userId), eq(user.status, 1)))
            .returning({ account: user.account })
          if (!changed.length) return undefined
          // The account's other links go with it, and whoever was signed in with the old password is signed out.
          await tx
            .delete(passwordReset)
            .where(and(eq(passwordReset.userId, link.userId), ne(passwordReset.id, link.id)))
          await endSessions(tx, { userIds: [link.userId] })
          return { tenantId: link.tenantId, account: changed[0]!.account }
        })
        if (!done) throw badRequest('auth.resetLinkInvalid', { field: 'token' }, 'token')
        await recordUsual(ctx, done.tenantId, 'password reset by mail', { account: done.account }, done.account)
        return null
      },
      message: 'auth.resetDone',
    },
  },
})

/**
 * A new link for the user, replacing earlier ones, mailed through the school's template. When no mail can go (no
 * enabled account, the template removed) the link is taken back: nothing stays behind that nobody received.
 */
async function mailLink(ctx: Ctx, tenantId: string, userId: string, account: string) {
  const s = mailServices(ctx.db)
  const token = randomBytes(32).toString('base64url')
  const id = newId()
  const t = Date.now()
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .delete(passwordReset)
      .where(and(tenantRows(passwordReset, tenantId, { why: WHY }), eq(passwordReset.userId, userId)))
    await tx.insert(passwordReset).values({
      id,
      tenantId,
      userId,
      tokenHash: hashOf(s.jwtSecret, token),
      createdAt: t,
      expiresAt: t + RESET_MINUTES * 60_000,
    })
  })
  const link = `${s.config.publicUrl}/login?resetToken=${token}`
  const sent = await mailUsers(ctx.db, {
    actor: { tenantId, userId, deptIds: [] },
    code: RESET_PASSWORD,
    lang: ctx.lang,
    to: [{ userId, values: { account, link, minutes: RESET_MINUTES } }],
  })
  if (!sent) await ctx.db.delete(passwordReset).where(eq(passwordReset.id, id))
}
