import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfHistory, wfInstance, wfTask } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import * as ops from './operations.ts'
import { seededPeople } from '../../../../tests/support/people.ts'

const BPMN = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">${body}</definitions>`
const task = (id: string) => `<userTask id="${id}" name="${id}" flowable:assignee="\${initiator}"/>`
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`

/** apply → fork → (A1 → A2 | B) → join → end: a branch of two steps beside a branch of one. */
const PARALLEL =
  BPMN(`<process id="rb-parallel" isExecutable="true"><startEvent id="s"/>${flow('f0', 's', 'apply')}${task('apply')}
  ${flow('f1', 'apply', 'fork')}<parallelGateway id="fork"/>${flow('fa', 'fork', 'A1')}${flow('fb', 'fork', 'B')}
  ${task('A1')}${flow('fa1', 'A1', 'A2')}${task('A2')}${task('B')}${flow('fa2', 'A2', 'join')}${flow('fb2', 'B', 'join')}
  <parallelGateway id="join"/>${flow('f9', 'join', 'e')}<endEvent id="e"/></process>`)

/** apply → sub (in1 → in2) → after → end, with a way back from `after` to `apply`. */
const SUB =
  BPMN(`<process id="rb-sub" isExecutable="true"><startEvent id="s"/>${flow('f0', 's', 'apply')}${task('apply')}
  ${flow('f1', 'apply', 'sub')}<subProcess id="sub" name="会审"><startEvent id="ss"/>${flow('g1', 'ss', 'in1')}${task('in1')}
  ${flow('g2', 'in1', 'in2')}${task('in2')}${flow('g3', 'in2', 'se')}<endEvent id="se"/></subProcess>
  ${flow('f2', 'sub', 'after')}${task('after')}${flow('f3', 'after', 'e')}<endEvent id="e"/></process>`)

/** Rollback out of parallel branches and sub-processes: what is offered, what returns, what is cancelled. */
describe('workflow rollback: parallel branches and sub-processes', async () => {
  const t = await testApp()
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  for (const xml of [PARALLEL, SUB])
    await withTransaction(t.services.db, (tx) =>
      ops.deployDefinition(tx, { tenantId: '000000', xml, userId: manager.actor.userId }),
    )
  const rows = (inst: string) => t.services.db.select().from(wfTask).where(eq(wfTask.instanceId, inst))
  const open = async (inst: string) =>
    (await rows(inst))
      .filter((x) => x.status === 'todo')
      .map((x) => x.taskKey)
      .sort()
  const at = async (inst: string, key: string) =>
    (await rows(inst)).find((x) => x.status === 'todo' && x.taskKey === key)!.id
  const complete = async (inst: string, ...keys: string[]) => {
    for (const k of keys) await ops.completeTask(teacher, { taskId: await at(inst, k) })
  }
  const backs = async (inst: string, key: string) =>
    (await ops.getBackNodes(teacher, { taskId: await at(inst, key) })).map((n) => n.nodeId).sort()
  const status = async (inst: string) =>
    (await t.services.db.select().from(wfInstance).where(eq(wfInstance.id, inst)))[0].status
  const ends = async (inst: string) =>
    (
      await t.services.db
        .select()
        .from(wfHistory)
        .where(and(eq(wfHistory.instanceId, inst), eq(wfHistory.activityId, 'e')))
    ).length
  const start = async (key: string) =>
    (await ops.startProcess(teacher, { processDefinitionKey: key })).processInstanceId

  it('out of a parallel branch: the sibling branch is cancelled and recorded, a join already reached is reset', async () => {
    const inst = await start('rb-parallel')
    await complete(inst, 'apply')
    expect(await open(inst)).toEqual(['A1', 'B'])
    // From inside the longer branch: not back to A1, which would leave B's branch behind.
    await complete(inst, 'A1')
    expect(await backs(inst, 'A2')).toEqual(['apply', 's'])
    await expect(ops.rollbackTask(teacher, { taskId: await at(inst, 'A2'), nodeId: 'A1' })).rejects.toMatchObject({
      status: 400,
      field: 'nodeId',
    })
    const sibling = await at(inst, 'B')
    await ops.rollbackTask(teacher, { taskId: await at(inst, 'A2'), nodeId: 'apply', comment: '重填' })
    expect(await open(inst)).toEqual(['apply'])
    expect((await rows(inst)).find((x) => x.id === sibling)).toMatchObject({ status: 'cancelled', action: 'rollback' })
    const history = await t.services.db.select().from(wfHistory).where(eq(wfHistory.taskId, sibling))
    expect(history.find((h) => h.activityType === 'userTask')).toMatchObject({ action: 'rollback' })
    expect(history.find((h) => h.activityType === 'userTask')!.endTime).not.toBeNull()

    // Now B finishes first (the join holds its arrival) and A2 goes back: the join must start over.
    await complete(inst, 'apply', 'B', 'A1')
    expect(await open(inst)).toEqual(['A2'])
    await ops.rollbackTask(teacher, { taskId: await at(inst, 'A2'), nodeId: 'apply' })
    expect(await open(inst)).toEqual(['apply'])
    expect(await status(inst)).toBe('running')
    await complete(inst, 'apply', 'A1', 'A2')
    expect(await open(inst)).toEqual(['B'])
    expect(await status(inst)).toBe('running')
    await complete(inst, 'B')
    expect(await status(inst)).toBe('finished')
    expect(await ends(inst)).toBe(1)
  })

  it('out of a sub-process to a node before it, and back within it', async () => {
    const inst = await start('rb-sub')
    await complete(inst, 'apply')
    expect(await open(inst)).toEqual(['in1'])
    await complete(inst, 'in1')
    expect(await backs(inst, 'in2')).toEqual(['apply', 'in1', 's'])
    await ops.rollbackTask(teacher, { taskId: await at(inst, 'in2'), nodeId: 'in1' })
    expect(await open(inst)).toEqual(['in1'])
    await complete(inst, 'in1')
    await ops.rollbackTask(teacher, { taskId: await at(inst, 'in2'), nodeId: 'apply', comment: '材料不全' })
    expect(await open(inst)).toEqual(['apply'])
    expect((await rows(inst)).filter((x) => x.taskKey === 'in2').map((x) => x.action)).toEqual(['rollback', 'rollback'])
    await complete(inst, 'apply', 'in1', 'in2')
    expect(await open(inst)).toEqual(['after'])
    // From after the sub-process, the steps inside it are not offered (nothing would re-enter it).
    expect(await backs(inst, 'after')).toEqual(['apply', 's'])
    await ops.rollbackTask(teacher, { taskId: await at(inst, 'after'), nodeId: 'apply' })
    await complete(inst, 'apply', 'in1', 'in2', 'after')
    expect(await status(inst)).toBe('finished')
    expect(await ends(inst)).toBe(1)
  })
})
