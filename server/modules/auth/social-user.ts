import { and, eq } from 'drizzle-orm'
import { user, userOauth } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { randomToken } from '../../lib/tokens.ts'
import { socialProvider } from './social/provider.ts'
import { fail, SIGN_IN, type GrantInput, type UserRow } from './sign-in.ts'

/**
 * Third-party sign-in: a known identity linked to an account signs in as it;
 * an unknown one is remembered and answered with its oauth_id, so the web can
 * open the registration dialog (spec: third-party registration).
 */
export async function socialUser(services: Services, g: GrantInput): Promise<UserRow> {
  const provider = g.source ? socialProvider(g.source) : undefined
  if (!provider || !g.code) throw fail('auth.badGrant')
  let profile
  try {
    profile = await provider.exchange(g.code, g.state)
  } catch (e) {
    services.log.warn({ err: e, source: g.source }, 'third-party sign-in failed')
    throw fail('auth.socialFailed')
  }
  const { db } = services
  const known = await first(
    db
      .select()
      .from(userOauth)
      .where(
        and(
          tenantRows(userOauth, g.tenantId, { why: SIGN_IN }),
          eq(userOauth.source, provider.source),
          eq(userOauth.uuid, profile.uuid),
        ),
      ),
  )
  const linked = known?.userId
    ? await first(
        db
          .select()
          .from(user)
          .where(and(eq(user.id, known.userId), notDeleted(user))),
      )
    : undefined
  if (linked) return linked
  // The id is the capability to link this identity at registration, so it cannot be guessed.
  const oauthId = known?.id ?? randomToken()
  const row = {
    tenantId: g.tenantId,
    uuid: profile.uuid,
    source: provider.source,
    username: profile.username ?? null,
    nickname: profile.nickname ?? null,
    avatar: profile.avatar ?? null,
    email: profile.email ?? null,
    createTime: now(),
  }
  if (known) await db.update(userOauth).set(row).where(eq(userOauth.id, oauthId))
  else await db.insert(userOauth).values({ id: oauthId, ...row })
  throw fail('auth.socialNoAccount', 400, { oauth_id: oauthId, nick_name: profile.nickname ?? profile.username ?? '' })
}
