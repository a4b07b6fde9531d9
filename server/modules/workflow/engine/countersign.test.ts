import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfHistory, wfTask } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { type Ctx } from '../../../lib/context.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import * as ops from './operations.ts'
import { seededPeople } from '../../../../tests/support/people.ts'

const BPMN = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">${body}</definitions>`

/** A countersign over `people` (its completion condition, sequential or not), then the initiator's `next` step. */
const countersign = (key: string, condition: string, sequential = false) =>
  BPMN(`<process id="${key}" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="cs"/>
  <userTask id="cs" name="会签" flowable:assignee="\${person}"><multiInstanceLoopCharacteristics isSequential="${sequential}" flowable:collection="\${people}" flowable:elementVariable="person">
  ${condition ? `<completionCondition>${condition}</completionCondition>` : ''}</multiInstanceLoopCharacteristics></userTask>
  <sequenceFlow id="f2" sourceRef="cs" targetRef="next"/><userTask id="next" name="归档" flowable:assignee="\${initiator}"/>
  <sequenceFlow id="f3" sourceRef="next" targetRef="e"/><endEvent id="e"/></process>`)

/** Countersign participants added and removed while it runs: counted as Flowable counts them, moving on once. */
describe('workflow countersign: added and removed participants', async () => {
  const t = await testApp()
  const as = await seededPeople(t.services)
  const [teacher, manager, admin, student] = ['teacher', 'manager', 'admin', 'student'].map((a) => as(a))
  const id = (c: Ctx) => c.actor.userId
  const deploy = (xml: string) =>
    withTransaction(t.services.db, (tx) => ops.deployDefinition(tx, { tenantId: '000000', xml, userId: id(admin) }))
  const tasks = async (instanceId: string) =>
    t.services.db.select().from(wfTask).where(eq(wfTask.instanceId, instanceId)).orderBy(wfTask.createTime, wfTask.id)
  const open = async (instanceId: string) => (await tasks(instanceId)).filter((x) => x.status === 'todo')
  const taskOf = async (instanceId: string, who: Ctx, key = 'cs') =>
    (await open(instanceId)).find((x) => x.assignee === id(who) && x.taskKey === key)!
  const complete = async (instanceId: string, who: Ctx) =>
    ops.completeTask(who, { taskId: (await taskOf(instanceId, who)).id })
  const start = async (key: string, xml: string, members: Ctx[]) => {
    await deploy(xml)
    const s = await ops.startProcess(teacher, { processDefinitionKey: key, variables: { people: members.map(id) } })
    return s.processInstanceId
  }

  it('a countersign of three, one added, one deleted: the rest complete and the process moves on exactly once', async () => {
    const inst = await start('cs-all', countersign('cs-all', '${nrOfCompletedInstances == nrOfInstances}'), [
      teacher,
      manager,
      admin,
    ])
    expect((await open(inst)).map((x) => x.assignee).sort()).toEqual([id(teacher), id(manager), id(admin)].sort())
    // Only a participant (or an administrator) adds; the added one must be of the school.
    await expect(
      ops.addMultiInstance(student, { taskId: (await taskOf(inst, teacher)).id, assignees: id(student) }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      ops.addMultiInstance(teacher, { taskId: (await taskOf(inst, teacher)).id, assignees: 'nobody' }),
    ).rejects.toMatchObject({ status: 400, field: 'assignees' })
    // A non-participant may not remove anyone.
    await expect(ops.deleteMultiInstance(student, { taskId: (await taskOf(inst, admin)).id })).rejects.toMatchObject({
      status: 403,
    })
    await expect(ops.deleteMultiInstance(manager, { taskId: 'missing' })).rejects.toMatchObject({ status: 404 })
    await ops.addMultiInstance(teacher, { taskId: (await taskOf(inst, teacher)).id, assignees: id(student) })
    expect(await open(inst)).toHaveLength(4)
    await ops.deleteMultiInstance(manager, { taskId: (await taskOf(inst, admin)).id })
    // The three originals complete: the countersign still waits for the added student.
    await complete(inst, teacher)
    await complete(inst, manager)
    expect((await open(inst)).map((x) => [x.taskKey, x.assignee])).toEqual([['cs', id(student)]])
    await complete(inst, student)
    const after = await tasks(inst)
    expect(after.filter((x) => x.taskKey === 'next')).toHaveLength(1)
    expect((await open(inst)).map((x) => [x.taskKey, x.assignee])).toEqual([['next', id(teacher)]])
    expect(after.filter((x) => x.taskKey === 'cs').map((x) => [x.assignee, x.status, x.action])).toEqual(
      expect.arrayContaining([
        [id(teacher), 'done', 'complete'],
        [id(manager), 'done', 'complete'],
        [id(admin), 'cancelled', 'deleteMultiInstance'],
        [id(student), 'done', 'complete'],
      ]),
    )
    const flows = await t.services.db
      .select()
      .from(wfHistory)
      .where(and(eq(wfHistory.instanceId, inst), eq(wfHistory.activityId, 'f2')))
    expect(flows).toHaveLength(1)
    await ops.completeTask(teacher, { taskId: (await taskOf(inst, teacher, 'next')).id })
    expect(await open(inst)).toEqual([])
  })

  it('the added participants count in nrOfInstances: half of four is two completions', async () => {
    const inst = await start('cs-half', countersign('cs-half', '${nrOfCompletedInstances / nrOfInstances >= 0.5}'), [
      teacher,
      manager,
    ])
    await ops.addMultiInstance(manager, {
      taskId: (await taskOf(inst, manager)).id,
      assignees: [id(admin), id(student)],
    })
    // One of four is not half: every participant is still open.
    await complete(inst, admin)
    expect((await open(inst)).map((x) => x.assignee).sort()).toEqual([id(teacher), id(manager), id(student)].sort())
    await complete(inst, teacher)
    const rest = await tasks(inst)
    expect(rest.filter((x) => x.status === 'todo').map((x) => x.taskKey)).toEqual(['next'])
    expect(
      rest
        .filter((x) => x.taskKey === 'cs' && x.status === 'cancelled')
        .map((x) => x.assignee)
        .sort(),
    ).toEqual([id(manager), id(student)].sort())
  })

  it('one of them suffices: an original completing while an added one is open moves on, and so does the added one', async () => {
    const xml = countersign('cs-any', '${nrOfCompletedInstances >= 1}')
    const first = await start('cs-any', xml, [teacher, manager])
    await ops.addMultiInstance(teacher, { taskId: (await taskOf(first, teacher)).id, assignees: id(student) })
    await complete(first, manager)
    expect((await open(first)).map((x) => x.taskKey)).toEqual(['next'])

    const second = (
      await ops.startProcess(teacher, { processDefinitionKey: 'cs-any', variables: { people: [id(manager)] } })
    ).processInstanceId
    await ops.addMultiInstance(manager, { taskId: (await taskOf(second, manager)).id, assignees: id(student) })
    await complete(second, student)
    expect((await open(second)).map((x) => x.taskKey)).toEqual(['next'])
    expect((await tasks(second)).find((x) => x.assignee === id(manager))).toMatchObject({ status: 'cancelled' })
  })

  it('removing a participant may meet the condition; the last one cannot be removed; a plain task is not a countersign', async () => {
    const inst = await start('cs-ratio', countersign('cs-ratio', '${nrOfCompletedInstances / nrOfInstances >= 0.5}'), [
      teacher,
      manager,
      admin,
    ])
    await complete(inst, teacher)
    // One of three is not half; with the administrator removed it is one of two.
    expect(await open(inst)).toHaveLength(2)
    await ops.deleteMultiInstance(manager, { taskId: (await taskOf(inst, admin)).id })
    expect((await open(inst)).map((x) => x.taskKey)).toEqual(['next'])
    await expect(
      ops.addMultiInstance(teacher, { taskId: (await taskOf(inst, teacher, 'next')).id, assignees: id(student) }),
    ).rejects.toMatchObject({ status: 409 })

    const solo = await start('cs-solo', countersign('cs-solo', ''), [manager])
    await expect(ops.deleteMultiInstance(admin, { taskId: (await taskOf(solo, manager)).id })).rejects.toMatchObject({
      status: 409,
    })
  })

  it('a sequential countersign: the added participant is counted, and the later iterations still run', async () => {
    const inst = await start('cs-seq', countersign('cs-seq', '', true), [teacher, manager])
    expect((await open(inst)).map((x) => x.assignee)).toEqual([id(teacher)])
    await ops.addMultiInstance(teacher, { taskId: (await taskOf(inst, teacher)).id, assignees: id(student) })
    await complete(inst, teacher)
    expect((await open(inst)).map((x) => x.assignee).sort()).toEqual([id(manager), id(student)].sort())
    await complete(inst, manager)
    // The engine's iterations are done, the added student is not: the countersign waits.
    expect((await open(inst)).map((x) => [x.taskKey, x.assignee])).toEqual([['cs', id(student)]])
    await complete(inst, student)
    expect((await open(inst)).map((x) => x.taskKey)).toEqual(['next'])
  })
})
