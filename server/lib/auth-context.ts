import { Elysia } from 'elysia'
import { and, eq, sql } from 'drizzle-orm'
import { permVersion, session, tenant } from '../../db/schema/index.ts'
import { anonymous, makeCtx, type Ctx, type Services } from './context.ts'
import type { Db } from './db.ts'
import { langOf } from './messages.ts'
import { atPermissionVersion } from './permission-cache.ts'
import { requirePermission } from './permissions.ts'
import { prepared } from './prepared.ts'
import { now } from './time.ts'
import { verifyAccess } from './tokens.ts'
import { notDeleted } from './tenant-rows.ts'

/**
 * The live-session check every authenticated request makes: prepared once, a
 * database read each time. The same statement reads the permission version the
 * request's permission look-ups are valid for (permission-cache.ts), so a
 * request reads the database once before its own work.
 */
const liveSession = (db: Db) =>
  prepared(db, 'liveSession', (d) =>
    d
      .select({
        userId: session.userId,
        tenantId: session.tenantId,
        roleIds: session.roleIds,
        deptIds: session.deptIds,
        // mapWith: PostgreSQL answers a raw bigint as text, and the cache compares versions as numbers.
        permVersion:
          sql<number>`(SELECT ${permVersion.version} FROM ${permVersion} WHERE ${permVersion.id} = 1)`.mapWith(Number),
        // The school's licence end, read with the session (a unique-index look-up): time running out ends access
        // at the next request, not when the access token expires.
        tenantExpires: sql<string | null>`(${d
          .select({ at: tenant.expireTime })
          .from(tenant)
          .where(and(eq(tenant.tenantId, session.tenantId), notDeleted(tenant)))})`,
      })
      .from(session)
      .where(and(eq(session.id, sql.placeholder('sid')), eq(session.revoked, 0)))
      .prepare(),
  )

/**
 * Reads `Blade-Auth: bearer <jwt>` and turns it into the request's Ctx; a
 * revoked session, or one whose school's licence ran out, is anonymous (401). The token only names the session: user,
 * tenant, roles and departments come from the live session row (one primary
 * key look-up), which every change to the account ends.
 */
export async function resolveCtx(services: Services, headers: Record<string, string | undefined>): Promise<Ctx> {
  const lang = langOf(headers)
  const raw = headers['blade-auth'] ?? ''
  const token = raw.replace(/^bearer\s+/i, '').trim()
  const tenantHint = headers['tenant-id'] ?? services.config.defaultTenantId
  if (!token) return makeCtx(services.db, anonymous(tenantHint), lang)
  const claims = await verifyAccess(services.jwtSecret, token)
  const live = claims && (await liveSession(services.db).execute({ sid: claims.sid }))[0]
  if (!claims || !live || live.userId !== claims.sub)
    return makeCtx(services.db, { ...anonymous(tenantHint), tokenError: true }, lang)
  // Compared as the grant compares it (local 'yyyy-MM-dd HH:mm:ss' text); the answer names the licence, not a bad token.
  if (live.tenantExpires && live.tenantExpires < now())
    return makeCtx(services.db, { ...anonymous(tenantHint), tokenError: 'auth.tenantExpired' }, lang)
  const split = (s: string) => s.split(',').filter(Boolean)
  const ctx = makeCtx(
    services.db,
    {
      kind: 'user',
      userId: live.userId,
      tenantId: live.tenantId,
      account: claims.acc,
      roleIds: split(live.roleIds),
      deptIds: split(live.deptIds),
      sessionId: claims.sid,
      clientId: claims.cid,
    },
    lang,
  )
  atPermissionVersion(ctx, live.permVersion ?? 0)
  return ctx
}

/**
 * The one auth plugin every module uses. It resolves `ctx` for each request
 * and offers one route option, `perm`: a permission code (or several, any of
 * which suffices), 'auth' for any signed-in user, or 'public'.
 */
export const authContext = (services: Services) =>
  new Elysia({ name: 'auth-context', seed: services.id })
    // derive (not resolve) so the caller is known before body validation: a stranger gets 401, not a 400 about its body.
    // It reads the three headers it needs off the request: naming `headers` here made Elysia copy every header of every request into an object.
    .derive({ as: 'global' }, async ({ request: { headers: h } }) => ({
      ctx: await resolveCtx(services, {
        'blade-auth': h.get('blade-auth') ?? undefined,
        'tenant-id': h.get('tenant-id') ?? undefined,
        'accept-language': h.get('accept-language') ?? undefined,
      }),
    }))
    .macro({
      perm: (code: string | string[]) => {
        const codes = Array.isArray(code) ? code : [code]
        async function gate({ ctx, request, path }: { ctx: Ctx; request: Request; path: string }) {
          let denied: unknown
          for (const c of codes) {
            try {
              await requirePermission(ctx, c, request.method, path)
              return
            } catch (e) {
              denied = e
            }
          }
          throw denied
        }
        // Tagged so the permission-matrix test can read every route's codes from app.routes.
        return { transform: Object.assign(gate, { permCodes: codes }) }
      },
    })
