import { and, eq, sql } from 'drizzle-orm'
import { wfForm, wfFormVariable } from '../../../../db/schema/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { newId } from '../../../lib/ids.ts'
import { first } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'
import { insertRows, prepared } from '../../../lib/prepared.ts'
import type { Tx } from '../../../lib/transaction.ts'

export interface FilledForm {
  processInsId: string
  deploymentId: string
  /** The completed task; none for the start form. */
  taskId?: string | null
  taskDefKey: string
  taskName?: string | null
  formKey: string
  values: Record<string, unknown>
}

/**
 * Records a filled form (design/form/variable) inside the operation's own transaction, so a refused or rolled-back
 * start or completion leaves no row. The form's fields and theme key are read here, as they are at that moment:
 * the row shows the form as it was filled even after the form is redesigned. A formKey with no designed form (an
 * external page's key) still records its values, with no fields.
 */
export async function recordFilledForm(tx: Tx, ctx: Ctx, f: FilledForm): Promise<void> {
  const form = await first(formOf(tx).execute({ tenantId: ctx.actor.tenantId, formKey: f.formKey }))
  const stamp = now()
  await insertRows(tx, 'wf.filledForm', wfFormVariable, [
    {
      id: newId(),
      tenantId: ctx.actor.tenantId,
      processInsId: f.processInsId,
      deploymentId: f.deploymentId,
      taskId: f.taskId ?? null,
      taskDefKey: f.taskDefKey,
      taskName: f.taskName ?? null,
      formKey: f.formKey,
      themeKey: form?.themeKey ?? null,
      formOption: form?.content ?? '[]',
      formVariable: JSON.stringify(f.values),
      createUser: ctx.actor.userId,
      createDept: ctx.actor.deptIds[0] ?? null,
      createTime: stamp,
      updateUser: ctx.actor.userId,
      updateTime: stamp,
    },
  ])
}

/** The form as a start or completion reads it — every one on a node with a form key: prepared (prepared.ts). */
const formOf = (db: Tx) =>
  prepared(db, 'wf.formOf', (d) =>
    d
      .select({ content: wfForm.content, themeKey: wfForm.themeKey })
      .from(wfForm)
      .where(
        and(
          tenantRows(wfForm, sql.placeholder('tenantId'), {
            why: "the school's form, as the operation that fills it reads it",
          }),
          eq(wfForm.formKey, sql.placeholder('formKey')),
        ),
      )
      .prepare(),
  )
