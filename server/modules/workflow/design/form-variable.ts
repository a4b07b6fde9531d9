import { and, asc, eq, inArray } from 'drizzle-orm'
import { wfFormTheme, wfFormVariable, wfInstance, wfTask } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts'
import { defineResource } from '../../../lib/resource.ts'
import type { Query, Row } from '../../../lib/resource-types.ts'
import { first } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { mayRead } from '../engine/lists.ts'
import { saverNames } from './saver-names.ts'
import { isWorkflowAdmin, PARTICIPANTS } from '../engine/store.ts'

const THEMES = { why: 'a filled form is shown in the theme its form named, which every reader of the process sees' }

/** The instance a query names, by processInsId or by one of its tasks (taskId), within the caller's school. */
async function instanceOf(ctx: Ctx, q: Query) {
  let id = q.processInsId
  if (!id && q.taskId) {
    const task = await first(
      ctx.db
        .select({ instanceId: wfTask.instanceId })
        .from(wfTask)
        .where(and(eq(wfTask.id, q.taskId), tenantRows(wfTask, ctx.actor.tenantId, PARTICIPANTS))),
    )
    if (!task) throw notFound()
    id = task.instanceId
  }
  if (!id) throw badRequest('validation.required', { field: 'processInsId' }, 'processInsId')
  const inst = await first(
    ctx.db
      .select({ id: wfInstance.id, initiator: wfInstance.initiator })
      .from(wfInstance)
      .where(and(eq(wfInstance.id, id), tenantRows(wfInstance, ctx.actor.tenantId, PARTICIPANTS))),
  )
  if (!inst) throw notFound()
  return inst
}

/**
 * Who reads the record is who may read its process (engine/lists.ts mayRead): an administrator lists every row of
 * the school; anyone else names the process (processInsId, or a taskId of it) and must be one of its participants.
 */
async function readableWhere(ctx: Ctx, q: Query) {
  if (await isWorkflowAdmin(ctx)) return undefined
  const inst = await instanceOf(ctx, q)
  if (!(await mayRead(ctx, inst.id, inst.initiator))) throw forbidden()
  return eq(wfFormVariable.processInsId, inst.id)
}

/** The rows as answered: who filled them and the theme (its values now) their form named. */
async function filledRows(ctx: Ctx, rows: Row[], route: string): Promise<object[]> {
  if (route === 'detail' && rows[0] && !(await isWorkflowAdmin(ctx))) {
    const inst = await instanceOf(ctx, { processInsId: String(rows[0].processInsId) })
    if (!(await mayRead(ctx, inst.id, inst.initiator))) throw forbidden()
  }
  const names = await saverNames(
    ctx,
    rows.map((r) => (typeof r.createUser === 'string' ? r.createUser : null)),
  )
  const keys = [...new Set(rows.map((r) => r.themeKey).filter((v): v is string => typeof v === 'string' && v !== ''))]
  const themes = keys.length
    ? await ctx.db
        .select()
        .from(wfFormTheme)
        .where(and(tenantRows(wfFormTheme, ctx.actor.tenantId, THEMES), inArray(wfFormTheme.themeKey, keys)))
    : []
  return rows.map((r) => {
    const theme = themes.find((t) => t.themeKey === r.themeKey)
    return { ...r, createUsername: names.get(String(r.createUser)) ?? null, theme: theme ?? null }
  })
}

/**
 * Filled forms (blade-workflow/design/form/variable): one row per start or task completion on a node with a
 * formKey, written in that operation's transaction (form-record.ts). A record, so no submit; removing one is an
 * administrator's correction. Rows are bounded through their process, not by a data scope of their own.
 */
export const formVariableResource = defineResource({
  table: wfFormVariable,
  path: '/api/blade-workflow/design/form/variable',
  code: 'workflow:design:form:variable',
  viaParent: { why: 'a filled form is read by whoever may read its process (mayRead), checked by the read side' },
  // Every member of staff who works processes reads the forms filled on the ones they take part in.
  perms: { list: 'work', detail: 'work' },
  skip: ['submit'],
  filters: ['processInsId', 'taskId', 'taskDefKey'],
  access: { remove: (ctx) => isWorkflowAdmin(ctx) },
  // Oldest first: the forms in the order the process filled them.
  orderBy: (c) => [asc(c.id!)],
  read: { where: readableWhere, rows: filledRows },
})
