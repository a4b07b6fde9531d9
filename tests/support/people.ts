import { eq } from 'drizzle-orm'
import { user } from '../../db/schema/index.ts'
import { makeCtx, type Ctx } from '../../server/lib/context.ts'
import type { Services } from '../../server/lib/context.ts'

/**
 * The seeded accounts of a school as request contexts, for tests that call operations directly (no HTTP): `as('teacher')`
 * acts as the seeded teacher, with its own departments and roles; a second tenant names where it acts.
 */
export async function seededPeople(services: Pick<Services, 'db'>, tenantId = '000000') {
  const people = await services.db.select().from(user).where(eq(user.tenantId, tenantId))
  return (account: string, actingTenant = tenantId): Ctx => {
    const u = people.find((p) => p.account === account)
    if (!u) throw new Error(`no seeded account ${account} in ${tenantId}`)
    return makeCtx(services.db, {
      kind: 'user',
      userId: u.id,
      tenantId: actingTenant,
      account,
      deptIds: u.deptId ? u.deptId.split(',') : [],
      roleIds: u.roleId ? u.roleId.split(',') : [],
    })
  }
}
