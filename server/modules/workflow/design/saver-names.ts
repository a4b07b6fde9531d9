import { and, inArray } from 'drizzle-orm'
import { user } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { defineMessages, t } from '../../../lib/messages.ts'
import { SYSTEM_USER } from '../../../lib/reference/system-user.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'

defineMessages({ 'workflow.savedBySystem': { zh: '系统', en: 'System' } })

/**
 * Who wrote each of `ids` as the screens name a person (real name, else account), for the school's own users; the
 * system user (seeds, the demo design) by the word for it. The screens showed the bare user id before.
 */
export async function saverNames(ctx: Ctx, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((v): v is string => typeof v === 'string' && v !== ''))]
  const names = new Map<string, string>()
  const people = wanted.filter((id) => id !== SYSTEM_USER)
  if (people.length)
    for (const u of await ctx.db
      .select({ id: user.id, realName: user.realName, account: user.account })
      .from(user)
      .where(
        and(
          tenantRows(user, ctx.actor.tenantId, { why: 'a saved version names who saved it' }),
          inArray(user.id, people),
        ),
      ))
      names.set(u.id, u.realName || u.account)
  if (wanted.includes(SYSTEM_USER)) names.set(SYSTEM_USER, t(ctx.lang, 'workflow.savedBySystem'))
  return names
}

/** History rows with `createUserName` beside their `createUser` (null for an account since removed). */
export async function withSaverNames<R extends { createUser: string | null }>(ctx: Ctx, rows: R[]) {
  const names = await saverNames(
    ctx,
    rows.map((r) => r.createUser),
  )
  return rows.map((r) => ({ ...r, createUserName: (r.createUser && names.get(r.createUser)) || null }))
}
