/**
 * The leave sample every school has (issue #28): apply → the manager chosen on the form (taskUser) → over three
 * days, approved, also the principal (the administrator roles as a candidate group) → end. Deployed for each school
 * that has no `leave` definition yet — on every start, so a school added later gets it on the next start, and a
 * school's own later versions are never replaced.
 */
import { and, eq } from 'drizzle-orm'
import { notDeleted } from '../../../lib/tenant-rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { tenant, wfDeployment } from '../../../../db/schema/index.ts'
import type { Db } from '../../../lib/db.ts'
import { SYSTEM_USER } from '../../../lib/reference/system-user.ts'
import { first } from '../../../lib/rows.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { deployDefinition } from './deploy.ts'
import { LEAVE_XML } from './leave-xml.ts'

const SEED = {
  why: 'the sample is deployed for a school by the system, once: any leave deployment ever made counts',
  withDeleted: true,
}

export const LEAVE_KEY = 'leave'
export { LEAVE_XML }

export async function deployLeaveSample(db: Db): Promise<number> {
  const schools = await db.select({ tenantId: tenant.tenantId }).from(tenant).where(notDeleted(tenant))
  let deployed = 0
  for (const { tenantId } of schools)
    deployed += await withTransaction(db, async (tx) => {
      const has = await first(
        tx
          .select({ id: wfDeployment.id })
          .from(wfDeployment)
          .where(and(tenantRows(wfDeployment, tenantId, SEED), eq(wfDeployment.processKey, LEAVE_KEY))),
      )
      if (has) return 0
      await deployDefinition(tx, {
        tenantId,
        xml: LEAVE_XML,
        name: '请假流程',
        description:
          '请假申请：主管审批，超过 3 天再由校长审批 / Leave: the manager approves; over 3 days also the principal',
        userId: SYSTEM_USER,
      })
      return 1
    })
  return deployed
}
