import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfHistory, wfTask } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import * as ops from './operations.ts'
import { seededPeople } from '../../../../tests/support/people.ts'

/** The ops-side operations (administrator's), called as the blade-workflow/ops routes call them, and their refusals. */
describe('workflow operations: who may, and what each records', async () => {
  const t = await testApp()
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  const admin = t.system()
  const start = async () => {
    const s = await ops.startProcess(teacher, {
      processDefinitionKey: 'leave',
      variables: { days: 5, taskUser: manager.actor.userId },
    })
    return { ...s, taskId: s.taskIds[0] }
  }
  const taskRow = async (id: string) => (await t.services.db.select().from(wfTask).where(eq(wfTask.id, id)))[0]
  const actions = async (instanceId: string) =>
    (
      await t.services.db
        .select()
        .from(wfHistory)
        .where(and(eq(wfHistory.instanceId, instanceId), eq(wfHistory.activityType, 'action')))
    ).map((h) => [h.action, h.assignee])

  it('suspends and activates (administrator only); a suspended task cannot be completed', async () => {
    const s = await start()
    await expect(ops.changeTaskStatus(manager, { taskId: s.taskId, status: 'suspended' })).rejects.toMatchObject({
      status: 403,
    })
    await expect(ops.changeTaskStatus(admin, { taskId: s.taskId, status: 'sideways' })).rejects.toMatchObject({
      field: 'status',
    })
    await ops.changeTaskStatus(admin, { taskId: s.taskId, status: 'suspended' })
    await expect(ops.completeTask(manager, { taskId: s.taskId })).rejects.toMatchObject({ status: 409 })
    await ops.changeTaskStatus(admin, { taskId: s.taskId, status: 'active' })
    await ops.completeTask(manager, { taskId: s.taskId })
    expect(await actions(s.processInstanceId)).toEqual([
      ['suspend', '0'],
      ['activate', '0'],
    ])
  })

  it('changes the assignee and dispatches (administrator only), urges (initiator), copies (participants)', async () => {
    const s = await start()
    await expect(
      ops.changeTaskAssignee(teacher, { taskId: s.taskId, assignee: teacher.actor.userId }),
    ).rejects.toMatchObject({ status: 403 })
    await ops.changeTaskAssignee(admin, { taskId: s.taskId, assignee: teacher.actor.userId })
    expect((await taskRow(s.taskId)).assignee).toBe(teacher.actor.userId)
    await expect(ops.dispatchTask(admin, { taskId: s.taskId, assignee: manager.actor.userId })).rejects.toMatchObject({
      status: 409,
    })
    await expect(ops.urgeTask(manager, { taskId: s.taskId })).rejects.toMatchObject({ status: 403 })
    await expect(
      ops.copyTask(as('student'), { taskId: s.taskId, userIds: manager.actor.userId }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(ops.copyTask(teacher, { taskId: s.taskId, userIds: '' })).rejects.toMatchObject({ field: 'userIds' })
    // The principal's step is unassigned: dispatch hands it out.
    await ops.completeTask(teacher, { taskId: s.taskId })
    const principal = (
      await t.services.db
        .select()
        .from(wfTask)
        .where(and(eq(wfTask.instanceId, s.processInstanceId), eq(wfTask.status, 'todo')))
    )[0]
    expect(principal).toMatchObject({ taskKey: 'principalApproval', assignee: null })
    await expect(
      ops.dispatchTask(manager, { taskId: principal.id, assignee: manager.actor.userId }),
    ).rejects.toMatchObject({ status: 403 })
    await ops.dispatchTask(admin, { taskId: principal.id, assignee: manager.actor.userId })
    expect((await taskRow(principal.id)).assignee).toBe(manager.actor.userId)
  })

  it('delegation: only the delegate resolves; deleting a process is the administrator’s', async () => {
    const s = await start()
    await ops.delegateTask(manager, { taskId: s.taskId, assignee: teacher.actor.userId })
    await expect(ops.delegateTask(teacher, { taskId: s.taskId, assignee: manager.actor.userId })).rejects.toMatchObject(
      { status: 409 },
    )
    await expect(ops.resolveTask(manager, { taskId: s.taskId })).rejects.toMatchObject({ status: 403 })
    await ops.resolveTask(teacher, { taskId: s.taskId, comment: '看过了' })
    await expect(ops.resolveTask(teacher, { taskId: s.taskId })).rejects.toMatchObject({ status: 409 })
    expect(await taskRow(s.taskId)).toMatchObject({
      assignee: manager.actor.userId,
      owner: manager.actor.userId,
      delegation: 'resolved',
    })
    await expect(ops.deleteProcess(teacher, { processInstanceId: s.processInstanceId })).rejects.toMatchObject({
      status: 403,
    })
    await expect(
      ops.deleteProcess(as('admin', '100001'), { processInstanceId: s.processInstanceId }),
    ).rejects.toMatchObject({ status: 404 })
    await ops.deleteProcess(admin, { processInstanceId: s.processInstanceId, comment: '测试数据' })
    expect(await taskRow(s.taskId)).toMatchObject({ status: 'cancelled', action: 'delete' })
  })

  it('withdraw is too late once the next step was acted on', async () => {
    const s = await start()
    await ops.transferTask(manager, { taskId: s.taskId, assignee: as('admin').actor.userId })
    await expect(ops.withdrawTask(teacher, { processInstanceId: s.processInstanceId })).rejects.toMatchObject({
      status: 409,
    })
  })
})
