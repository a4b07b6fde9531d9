import { Elysia, t } from 'elysia'
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import { logError, user } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { unauthorized } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { t as say } from '../../lib/messages.ts'
import { clearCaches } from '../../lib/caches.ts'
import { namesColumn, namesInto } from '../../lib/names.ts'
import { roleAliases, sortedPermissionCodes, PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { prepared } from '../../lib/prepared.ts'
import { first } from '../../lib/rows.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { createCaptcha } from './captcha.ts'
import { body as bodyOf, query, text } from '../../lib/request-schema.ts'
import { loginOptions } from './login-options.ts'
import { checkClient, grant } from './grant.ts'
import { revokeSession } from './sessions.ts'
import { GrantError } from './sign-in.ts'
import { clientIp } from '../../lib/client-ip.ts'
import { registerGuest } from './register.ts'
import { clearedRefreshCookie, refreshCookie, refreshFromCookie, wantsCookie } from './refresh-cookie.ts'
import { handWritten } from '../../lib/hand-written.ts'
import './messages.ts'

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

/** The token call's parameters, in its query (Saber) or its form body; a body value that is not text is ignored, as before. */
const TOKEN_FIELDS = {
  grant_type: 'password (default), captcha, refresh_token or social',
  tenantId: 'school (the Tenant-Id header wins)',
  username: 'account',
  account: 'account (when username is absent)',
  password: 'md5 hex of the password',
  refresh_token: 'refresh token (or the refresh cookie)',
  deptId: 'department to act in (the Dept-Id header wins)',
  roleId: 'role to act in (the Role-Id header wins)',
  source: 'social sign-in source',
  code: 'social sign-in code',
  state: 'social sign-in state',
}
const TokenQuery = query(Object.fromEntries(Object.entries(TOKEN_FIELDS).map(([k, d]) => [k, text(d)])))
const TokenBody = bodyOf(
  Object.fromEntries(Object.entries(TOKEN_FIELDS).map(([k, d]) => [k, t.Optional(t.Unknown({ description: d }))])),
)

/** Registration's fields; a value of another type gets the message the handler gives an empty one. */
const RegisterFields = {
  tenantId: t.Optional(t.Unknown({ description: 'school' })),
  account: t.Optional(t.Unknown({ description: 'account (at most 64)' })),
  name: t.Optional(t.Unknown({ description: 'name (at most 64)' })),
  password: t.Optional(t.Unknown({ description: 'md5 hex of the password' })),
  password2: t.Optional(t.Unknown({ description: 'the same again' })),
  oauthId: t.Optional(t.Unknown({ description: 'third-party identity to link' })),
}

/** The browser's queued error-log entries (spec: url, time, type, message, stack, info). */
const LogEntries = t.Array(
  t.Object({
    url: t.Optional(t.String({ maxLength: 2000 })),
    time: t.Optional(t.String({ maxLength: 40 })),
    type: t.Optional(t.String({ maxLength: 40 })),
    message: t.Optional(t.String({ maxLength: 4000 })),
    stack: t.Optional(t.String({ maxLength: 16000 })),
    info: t.Optional(t.String({ maxLength: 2000 })),
  }),
  { maxItems: 200 },
)

export async function userInfo(ctx: Ctx) {
  // Every page load asks for this: one prepared statement reads the user and the names of its roles and departments,
  // and the permission list is sorted once per role set (permission-cache.ts).
  const row = await first(
    prepared(ctx.db, 'userInfo.user', (d) =>
      d
        .select({ u: getTableColumns(user), names: namesColumn() })
        .from(user)
        .where(and(eq(user.id, sql.placeholder('id')), notDeleted(user)))
        .prepare(),
    ).execute({
      id: ctx.actor.userId,
      roles: JSON.stringify(ctx.actor.roleIds),
      depts: JSON.stringify(ctx.actor.deptIds),
    }),
  )
  if (!row) throw unauthorized('error.tokenInvalid')
  const { u } = row
  const roles = await roleAliases(ctx)
  const names = namesInto({ roles: new Map(), depts: new Map() }, row.names)
  const roleRows = [...names.roles.values()].map((name) => ({ name }))
  const deptRows = [...names.depts.values()].map((name) => ({ name }))
  return {
    user_id: u.id,
    account: u.account,
    user_name: u.account,
    name: u.name,
    real_name: u.realName,
    avatar: u.avatar ?? '',
    email: u.email,
    phone: u.phone,
    tenant_id: u.tenantId,
    dept_id: ctx.actor.deptIds.join(','),
    role_id: ctx.actor.roleIds.join(','),
    role_name: roles.join(','),
    dept_name: deptRows.map((d) => d.name).join(','),
    role_names: roleRows.map((r) => r.name).join(','),
    oauth_id: u.oauthId ?? '',
    all_dept_id: u.deptId,
    all_role_id: u.roleId,
    roles,
    permissions: await sortedPermissionCodes(ctx),
  }
}

export const authModule = (services: Services) =>
  handWritten(
    'sign-in, tokens, captcha, sessions and guest registration: credentials and sessions, not rows a resource declares',
    authModulePlugin(services),
  )

const authModulePlugin = (services: Services) =>
  new Elysia({ prefix: '/api' })
    .use(authContext(services))
    .post(
      '/blade-auth/oauth/token',
      async ({ request, query, body, headers, set, ctx, server }) => {
        const p: Record<string, unknown> = { ...body, ...query }
        const cookie = wantsCookie(headers)
        try {
          const c = await checkClient(services, headers.authorization)
          const answer = await grant(
            services,
            c.clientId,
            {
              grantType: str(p.grant_type) ?? 'password',
              tenantId: str(headers['tenant-id']) ?? str(p.tenantId) ?? services.config.defaultTenantId,
              username: str(p.username) ?? str(p.account),
              password: str(p.password),
              refreshToken: str(p.refresh_token) ?? refreshFromCookie(headers.cookie),
              captchaKey: str(headers['captcha-key']),
              captchaCode: str(headers['captcha-code']),
              deptId: str(headers['dept-id']) ?? str(p.deptId),
              roleId: str(headers['role-id']) ?? str(p.roleId),
              source: str(p.source),
              code: str(p.code),
              state: str(p.state),
            },
            clientIp(services.config, request, server),
          )
          if (!cookie) return answer
          set.headers['set-cookie'] = refreshCookie(answer.refresh_token, services.config.refreshTokenTtl, request)
          return { ...answer, refresh_token: '' }
        } catch (e) {
          if (!(e instanceof GrantError)) throw e
          set.status = e.status
          if (cookie && e.status === 401) set.headers['set-cookie'] = clearedRefreshCookie()
          if (e.status === 429) set.headers['retry-after'] = String(e.params.retryAfter ?? 60)
          const msg = say(ctx.lang, e.key, e.params)
          services.log.info({ path: new URL(request.url).pathname, status: e.status, reason: e.key }, 'sign-in refused')
          return { ...envelope(null, msg, e.status), error_code: e.status, error_description: msg, ...e.extra }
        }
      },
      { perm: PUBLIC, query: TokenQuery, body: TokenBody },
    )
    .get(
      '/blade-auth/oauth/captcha',
      async ({ ctx, request, server }) =>
        ok(
          ctx,
          await createCaptcha(services.db, clientIp(services.config, request, server), services.config.captchaIpLimit),
        ),
      { perm: PUBLIC, query: query() },
    )
    .get(
      '/blade-auth/oauth/login-options',
      async ({ ctx, query }) =>
        ok(
          ctx,
          await loginOptions(services.db, services.config, str(query.tenantId) ?? services.config.defaultTenantId),
        ),
      { perm: PUBLIC, query: t.Object({ tenantId: t.Optional(t.String({ maxLength: 12 })) }) },
    )
    .get('/blade-auth/oauth/user-info', async ({ ctx }) => ok(ctx, await userInfo(ctx)), {
      perm: SIGNED_IN,
      query: query(),
    })
    .get(
      '/blade-auth/oauth/logout',
      async ({ ctx, set }) => {
        if (ctx.actor.sessionId) await revokeSession(services, ctx.actor.sessionId)
        set.headers['set-cookie'] = clearedRefreshCookie()
        return ok(ctx, true)
      },
      { perm: SIGNED_IN, query: query() },
    )
    .post(
      '/blade-auth/oauth/logout',
      async ({ ctx, body }) => {
        const stamp = now()
        if (body.length)
          await ctx.db.insert(logError).values(
            body.map((e) => ({
              id: newId(),
              tenantId: ctx.actor.tenantId,
              type: `web:${e.type ?? 'error'}`,
              title: e.message?.slice(0, 200),
              requestUri: e.url,
              message: e.message,
              stackTrace: e.stack,
              params: e.info,
              createBy: ctx.actor.account,
              createTime: e.time && /^\d{4}-\d\d-\d\d/.test(e.time) ? e.time : stamp,
            })),
          )
        return ok(ctx, body.length, 'auth.logsSaved')
      },
      { perm: SIGNED_IN, body: LogEntries },
    )
    .get(
      '/blade-auth/oauth/clear-cache',
      ({ ctx }) => {
        // Every derived-value cache of the process (permissions, compiled statements, checked tokens), not only this request's.
        ctx.memo.clear()
        clearCaches(ctx.db)
        return ok(ctx, true, 'auth.cacheCleared')
      },
      { perm: SIGNED_IN, query: query() },
    )
    .post(
      '/blade-system/user/register-guest',
      async ({ ctx, body, query, headers, request, server }) => {
        await registerGuest(
          ctx,
          { ...query, ...(body ?? {}) },
          {
            config: services.config,
            ip: clientIp(services.config, request, server),
            captchaKey: str(headers['captcha-key']),
            captchaCode: str(headers['captcha-code']),
          },
        )
        return ok(ctx, true, 'auth.registered')
      },
      {
        perm: PUBLIC,
        query: query(Object.fromEntries(Object.keys(RegisterFields).map((k) => [k, text()]))),
        body: bodyOf(RegisterFields),
      },
    )
