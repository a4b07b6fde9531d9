import { Elysia } from 'elysia'
import { and, count, eq } from 'drizzle-orm'
import { dept, param, role, tenant, user } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { checkContact } from '../../lib/contact-rules.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { lockRows } from '../../lib/row-lock.ts'
import { hashPassword } from '../auth/password.ts'
import { clientIp } from '../../lib/client-ip.ts'
import { take, unhit } from '../../lib/throttle.ts'
import { assertUnique, type DbOrTx } from '../../lib/unique.ts'
import { ACCOUNT_UNIQUE } from '../system/account-quota.ts'
import { smsProvider } from './sms.ts'
import { attempt, consume, issue, withdraw, type CodeKey } from './sms-codes.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { body as bodyOf, given, query as queryOf, text } from '../../lib/request-schema.ts'

const SIGNING_UP = 'a visitor signing up is not signed in yet'
const PHONE_CODES_AN_HOUR = 5

defineMessages({
  'sms.sent': { zh: '验证码已发送', en: 'the code has been sent' },
  'sms.wait': {
    zh: '请 {seconds} 秒后再获取验证码',
    en: 'please wait {seconds} seconds before asking for another code',
  },
  'sms.code': { zh: '验证码错误或已过期', en: 'the code is wrong or has expired' },
  'signUp.password': { zh: '请输入密码', en: 'please enter the password' },
  'signUp.mismatch': { zh: '两次输入的密码不一致', en: 'the two passwords do not match' },
  'signUp.name': { zh: '请输入姓名', en: 'please enter your name' },
  'signUp.closed': { zh: '本校暂未开放注册', en: 'this school does not accept sign-ups' },
  'signUp.done': { zh: '注册成功，请登录', en: 'signed up: please sign in' },
})

/** The phone a code is sent to: the shared phone rule (spec §5), after trimming. */
function checkPhone(v: unknown): string {
  const phone = typeof v === 'string' ? v.trim() : ''
  checkContact({ phone }, { phoneRequired: true })
  return phone
}

/** Portal sign-up by phone: a code through the SMS provider, then an active student account named by the phone. */
export const signUpRoutes = (s: Services) =>
  handWritten(
    'registration by text message: a code sent, then spent once in the transaction that writes the account',
    signUpRoutesPlugin(s),
  )

const signUpRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(authContext(s))
    .get(
      '/api/nop-wbp/send/msg',
      async ({ ctx, query, request, server }) => {
        const phone = checkPhone(query.phone)
        // Per address too, so one visitor cannot make the appliance text every number.
        await take(ctx.db, `sms:${clientIp(s.config, request, server)}`, 10, 3600)
        // Per phone an hour, from whatever addresses: one number cannot be flooded a minute at a time.
        const phoneKey = `sms-phone:${ctx.actor.tenantId}:${phone}`
        await take(ctx.db, phoneKey, PHONE_CODES_AN_HOUR, 3600)
        // In the database (sms-codes.ts): every process knows the code, and the resend limit holds across them.
        const key: CodeKey = { tenantId: ctx.actor.tenantId, phone, purpose: 'signUp' }
        const sent = await issue(ctx.db, s.jwtSecret, key)
        if ('waitMs' in sent) {
          // Nothing sent: the hour's count is of texts that went out.
          await unhit(ctx.db, phoneKey)
          const seconds = Math.ceil(sent.waitMs / 1000)
          throw new ApiError(429, 'sms.wait', { seconds, retryAfter: seconds })
        }
        try {
          await smsProvider().send(s, ctx.actor.tenantId, phone, sent.code)
        } catch (e) {
          // Refused by the provider: no text went out, so neither the resend wait nor the phone's hourly count holds.
          await withdraw(ctx.db, s.jwtSecret, key, sent.code)
          await unhit(ctx.db, phoneKey)
          throw e
        }
        return ok(ctx, null, 'sms.sent')
      },
      { perm: PUBLIC, query: queryOf({ phone: text('phone number') }) },
    )
    .post(
      '/api/nop-wbp/user/addUser',
      async ({ ctx, body, request, server }) => {
        const b = (body ?? {}) as Record<string, unknown>
        await take(ctx.db, `signup:${clientIp(s.config, request, server)}`, s.config.registerIpLimit, 3600)
        const tenantId = ctx.actor.tenantId
        const phone = checkPhone(b.phone)
        const name = typeof b.name === 'string' ? b.name.trim().slice(0, 64) : ''
        if (!name) throw badRequest('signUp.name', { field: 'name' }, 'name')
        const password = typeof b.password === 'string' ? b.password : ''
        if (!password) throw badRequest('signUp.password', { field: 'password' }, 'password')
        if (b.password2 !== undefined && b.password2 !== password)
          throw badRequest('signUp.mismatch', { field: 'password2' }, 'password2')
        const key: CodeKey = { tenantId, phone, purpose: 'signUp' }
        const code = String(b.code ?? '').trim()
        // Every guess takes one of the code's attempts; the code is spent below, in the transaction that writes the account.
        if (!(await attempt(ctx.db, s.jwtSecret, key, code))) throw badRequest('sms.code', { field: 'code' }, 'code')
        const t = await first(
          ctx.db
            .select()
            .from(tenant)
            .where(tenantRows(tenant, tenantId, { why: SIGNING_UP })),
        )
        const open = await first(
          ctx.db
            .select({ v: param.paramValue })
            .from(param)
            .where(and(tenantRows(param, tenantId, { why: SIGNING_UP }), eq(param.paramKey, 'account.registerUser'))),
        )
        if (!t || (open && open.v !== 'true')) throw badRequest('signUp.closed', { field: 'phone' }, 'phone')
        // The phone is the account: said now, and checked again inside the transaction that writes it.
        const taken = (d: DbOrTx) =>
          assertUnique(d, ACCOUNT_UNIQUE, { tenantId, account: phone }, undefined, {
            message: 'auth.accountTaken',
            field: 'phone',
          })
        await taken(ctx.db)
        // The school's account limit: checked now, and again inside the transaction that writes the account.
        const full = async (d: DbOrTx) => {
          if (t.accountNumber < 0) return
          const [{ n }] = await d
            .select({ n: count() })
            .from(user)
            .where(tenantRows(user, tenantId, { why: SIGNING_UP }))
          if (n >= t.accountNumber) throw badRequest('tenant.quota', {}, 'phone')
        }
        await full(ctx.db)
        const student = await first(
          ctx.db
            .select({ id: role.id })
            .from(role)
            .where(and(tenantRows(role, tenantId, { why: SIGNING_UP }), eq(role.roleAlias, 'student'))),
        )
        const root = await first(
          ctx.db
            .select({ id: dept.id })
            .from(dept)
            .where(and(tenantRows(dept, tenantId, { why: SIGNING_UP }), eq(dept.parentId, '0'))),
        )
        const stamp = now()
        const id = newId()
        const hash = await hashPassword(password)
        await withTransaction(ctx.db, async (tx) => {
          // The school's row first (row-lock.ts): sign-ups of one school count its accounts one after another, on
          // PostgreSQL too, so parallel ones cannot together pass the account limit.
          await lockRows(tx, tenant, tenantRows(tenant, tenantId, { why: SIGNING_UP }))
          // Spent once, however many requests (on however many processes) bring it at once.
          if (!(await consume(tx, s.jwtSecret, key, code))) throw badRequest('sms.code', { field: 'code' }, 'code')
          await taken(tx)
          await full(tx)
          await tx.insert(user).values({
            id,
            tenantId,
            account: phone,
            phone,
            name,
            realName: name,
            password: hash,
            roleId: student?.id ?? '',
            deptId: root?.id ?? '',
            status: 1,
            createUser: '0',
            createTime: stamp,
            updateUser: '0',
            updateTime: stamp,
            remark: 'signed up on the portal with a phone code',
          })
        })
        return ok(ctx, { account: phone }, 'signUp.done')
      },
      {
        perm: PUBLIC,
        // Each field is checked above with the sign-up's own messages, in this order.
        body: bodyOf({
          phone: given('phone number (11 digits): the account'),
          name: given('real name'),
          password: given('md5 hex of the password'),
          password2: given('the same again'),
          code: given('the code sent by text message'),
        }),
      },
    )
