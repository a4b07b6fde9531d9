import { and, eq } from 'drizzle-orm'
import {
  user,
  wfButton,
  wfCategory,
  wfCondition,
  wfDeployment,
  wfDraft,
  wfForm,
  wfFormDefault,
  wfFormHistory,
  wfFormTheme,
  wfModel,
  wfModelHistory,
} from '../../../../db/schema/index.ts'
import { makeCtx } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { newId } from '../../../lib/ids.ts'
import { SYSTEM_USER } from '../../../lib/reference/system-user.ts'
import { first } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { LEAVE_KEY, LEAVE_XML } from '../engine/leave-sample.ts'
import { deskLeaveResource } from '../leave.ts'

const TENANT = '000000'
const WHY = "the demo school's workflow screens show something on first start"

/** The buttons a task form offers: [key, zh name]. */
const BUTTONS: [string, string][] = [
  ['wf_pass', '同意'],
  ['wf_reject', '驳回'],
  ['wf_transfer', '转办'],
  ['wf_delegate', '委托'],
  ['wf_rollback', '退回'],
  ['wf_copy', '抄送'],
  ['wf_terminate', '终止'],
]

/** The leave form's fields, as the form designer saves them. */
const LEAVE_FORM = JSON.stringify([
  { name: 'startTime', label: '开始时间', type: 'datetime', required: true },
  { name: 'endTime', label: '结束时间', type: 'datetime', required: true },
  { name: 'days', label: '请假天数', type: 'number', required: true },
  { name: 'reason', label: '请假理由', type: 'textarea', required: true },
])

/**
 * First start only: the demo school's workflow design — categories, buttons, expressions, default values, the
 * leave form and the leave sample's model (its XML as deployed) — a saved draft, and one leave request the teacher
 * has sent to the manager (its start records the filled form: a form-variable row), so every workflow screen shows
 * something.
 */
export async function seedDemoWorkflow(db: Db): Promise<void> {
  const account = async (name: string) =>
    first(
      db
        .select({ id: user.id, deptId: user.deptId, roleId: user.roleId })
        .from(user)
        .where(and(tenantRows(user, TENANT, { why: WHY }), eq(user.account, name))),
    )
  const teacher = await account('teacher')
  const manager = await account('manager')
  const leave = await first(
    db
      .select({ id: wfDeployment.id })
      .from(wfDeployment)
      .where(and(tenantRows(wfDeployment, TENANT, { why: WHY }), eq(wfDeployment.processKey, LEAVE_KEY))),
  )
  if (!teacher || !manager || !leave) return
  const stamp = now()
  const audit = {
    tenantId: TENANT,
    createUser: SYSTEM_USER,
    createTime: stamp,
    updateUser: SYSTEM_USER,
    updateTime: stamp,
  }
  const modelId = newId()
  await withTransaction(db, async (tx) => {
    const hr = newId()
    await tx.insert(wfCategory).values([
      { id: hr, name: '人事', sort: 1, ...audit },
      { id: newId(), name: '行政', sort: 2, ...audit },
    ])
    await tx
      .insert(wfButton)
      .values(BUTTONS.map(([buttonKey, name], i) => ({ id: newId(), buttonKey, name, sort: i, ...audit })))
    await tx.insert(wfCondition).values([
      { id: newId(), name: '请假超过三天', type: 'condition', expression: '${days > 3}', ...audit },
      { id: newId(), name: '请假不超过三天', type: 'condition', expression: '${days <= 3}', ...audit },
      { id: newId(), name: '表单选择的审批人', type: 'assignee', expression: '${taskUser}', ...audit },
    ])
    await tx.insert(wfFormDefault).values([
      { id: newId(), name: '当前用户', type: 'user', content: '${user.realName}', ...audit },
      { id: newId(), name: '当前部门', type: 'dept', content: '${user.deptName}', ...audit },
    ])
    await tx.insert(wfFormTheme).values([
      {
        id: newId(),
        name: '默认',
        themeKey: 'default',
        borderWidth: '1px',
        borderColor: '#dcdfe6',
        labelColor: '#606266',
        labelBg: '#f5f7fa',
        labelWidth: '120px',
        labelFontSize: '14px',
        valueColor: '#303133',
        valueBg: '#ffffff',
        valueFontSize: '14px',
        ...audit,
      },
      {
        id: newId(),
        name: '蓝色公文',
        themeKey: 'blue_official',
        borderWidth: '2px',
        borderColor: '#1b79c3',
        labelColor: '#ffffff',
        labelBg: '#409eff',
        labelWidth: '140px',
        labelFontSize: '15px',
        valueColor: '#1f2d3d',
        valueBg: 'rgba(64, 158, 255, 0.08)',
        valueFontSize: '15px',
        ...audit,
      },
    ])
    const formId = newId()
    await tx.insert(wfForm).values({
      id: formId,
      formKey: 'leave_form',
      name: '请假单',
      categoryId: hr,
      content: LEAVE_FORM,
      themeKey: 'blue_official',
      ...audit,
    })
    await tx.insert(wfFormHistory).values({
      id: newId(),
      tenantId: TENANT,
      formId,
      version: 1,
      content: LEAVE_FORM,
      createUser: SYSTEM_USER,
      createTime: stamp,
    })
    await tx.insert(wfModel).values({
      id: modelId,
      modelKey: LEAVE_KEY,
      name: '请假流程',
      categoryId: hr,
      icon: 'calendar',
      xml: LEAVE_XML,
      ...audit,
    })
    await tx.insert(wfModelHistory).values({
      id: newId(),
      tenantId: TENANT,
      modelId,
      version: 1,
      xml: LEAVE_XML,
      createUser: SYSTEM_USER,
      createTime: stamp,
    })
    await tx.update(wfDeployment).set({ modelId, categoryId: hr }).where(eq(wfDeployment.id, leave.id))
    await tx.insert(wfDraft).values({
      id: newId(),
      processDefinitionId: leave.id,
      variables: JSON.stringify({ days: 1, reason: '体检' }),
      ...audit,
      createUser: teacher.id,
      updateUser: teacher.id,
    })
  })
  // A real start through the runtime, as the teacher: the manager finds it in their to-do list.
  const ctx = makeCtx(db, {
    kind: 'user',
    userId: teacher.id,
    tenantId: TENANT,
    account: 'teacher',
    deptIds: teacher.deptId.split(',').filter(Boolean),
    roleIds: teacher.roleId.split(',').filter(Boolean),
  })
  await deskLeaveResource.ops.actions['start-process'](ctx, {
    body: {
      processDefinitionId: leave.id,
      taskUser: manager.id,
      startTime: '2026-12-07 08:00:00',
      endTime: '2026-12-08 18:00:00',
      days: 2,
      reason: '参加教研活动',
    },
  })
}
