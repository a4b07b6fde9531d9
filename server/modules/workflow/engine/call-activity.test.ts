import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfHistory, wfInstance, wfTask, wfVariable } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import * as ops from './operations.ts'
import { seededPeople } from '../../../../tests/support/people.ts'

const BPMN = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">${body}</definitions>`
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`

/** The called process: the manager checks the budget and answers `approved`. */
const BUDGET =
  BPMN(`<process id="ca-budget" name="预算审核" isExecutable="true"><startEvent id="s"/>${flow('b1', 's', 'check')}
  <userTask id="check" name="核预算" flowable:assignee="\${checker}"/>${flow('b2', 'check', 'e')}<endEvent id="e"/></process>`)

/** The caller: apply → call ca-budget (amount in, approved out) → archive by the initiator → end. */
const PURCHASE = (called: string) =>
  BPMN(`<process id="ca-purchase-${called}" isExecutable="true"><startEvent id="s"/>${flow('p1', 's', 'apply')}
  <userTask id="apply" name="申请" flowable:assignee="\${initiator}"/>${flow('p2', 'apply', 'budget')}
  <callActivity id="budget" name="预算" calledElement="${called}"><extensionElements>
    <flowable:in source="amount" target="amount"/><flowable:in source="checker" target="checker"/>
    <flowable:out source="pass" target="budgetApproved"/></extensionElements></callActivity>
  ${flow('p3', 'budget', 'archive')}<userTask id="archive" name="归档" flowable:assignee="\${initiator}"/>${flow('p4', 'archive', 'e')}<endEvent id="e"/></process>`)

/** Call activities: the called process runs as a child instance; its end moves the caller on, once. */
describe('workflow call activities', async () => {
  const t = await testApp()
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  const admin = t.system()
  for (const xml of [BUDGET, PURCHASE('ca-budget'), PURCHASE('ca-missing')])
    await withTransaction(t.services.db, (tx) =>
      ops.deployDefinition(tx, { tenantId: '000000', xml, userId: manager.actor.userId }),
    )
  const inst = async (id: string) => (await t.services.db.select().from(wfInstance).where(eq(wfInstance.id, id)))[0]
  const children = (id: string) => t.services.db.select().from(wfInstance).where(eq(wfInstance.parentId, id))
  const open = async (id: string) =>
    t.services.db
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, id), eq(wfTask.status, 'todo')))
  const start = async () => {
    const s = await ops.startProcess(teacher, {
      processDefinitionKey: 'ca-purchase-ca-budget',
      variables: { amount: 800, checker: manager.actor.userId },
    })
    await ops.completeTask(teacher, { taskId: s.taskIds[0] })
    return s.processInstanceId
  }

  it('starts the called process as a child; its end returns the out variables and the parent moves on once', async () => {
    const id = await start()
    const [child] = await children(id)
    expect(child).toMatchObject({ processKey: 'ca-budget', status: 'running', initiator: teacher.actor.userId })
    expect(await open(id)).toEqual([])
    const [check] = await open(child.id)
    expect(check).toMatchObject({ taskKey: 'check', assignee: manager.actor.userId })
    const childVars = await t.services.db.select().from(wfVariable).where(eq(wfVariable.instanceId, child.id))
    expect(Object.fromEntries(childVars.map((v) => [v.name, JSON.parse(v.value)]))).toMatchObject({ amount: 800 })

    await ops.completeTask(manager, { taskId: check.id, pass: false })
    expect(await inst(child.id)).toMatchObject({ status: 'finished' })
    expect((await open(id)).map((x) => x.taskKey)).toEqual(['archive'])
    const [approved] = await t.services.db
      .select()
      .from(wfVariable)
      .where(and(eq(wfVariable.instanceId, id), eq(wfVariable.name, 'budgetApproved')))
    expect(JSON.parse(approved.value)).toBe(false)
    const returns = await t.services.db
      .select()
      .from(wfHistory)
      .where(and(eq(wfHistory.instanceId, id), eq(wfHistory.activityId, 'p3')))
    expect(returns).toHaveLength(1)
    await ops.completeTask(teacher, { taskId: (await open(id))[0].id })
    expect(await inst(id)).toMatchObject({ status: 'finished' })
  })

  it('terminating the parent ends the child and its tasks; withdrawing the parent past the call does too', async () => {
    const id = await start()
    const [child] = await children(id)
    await ops.terminateProcess(admin, { processInstanceId: id, comment: '撤销采购' })
    expect(await inst(child.id)).toMatchObject({ status: 'terminated', endReason: 'parentEnded' })
    expect(await open(child.id)).toEqual([])

    const again = await start()
    const [second] = await children(again)
    const [check] = await open(second.id)
    // The child's own steps go back within it; the parent's apply is the parent's to return to.
    expect((await ops.getBackNodes(manager, { taskId: check.id })).map((n) => n.nodeId)).toEqual(['s'])
    await ops.withdrawTask(teacher, { processInstanceId: again })
    expect((await open(again)).map((x) => x.taskKey)).toEqual(['apply'])
    expect(await inst(second.id)).toMatchObject({ status: 'terminated', endReason: 'parentLeft' })
    expect(await open(second.id)).toEqual([])
  })

  it('a call of a process that is not deployed is refused naming it', async () => {
    const s = await ops.startProcess(teacher, {
      processDefinitionKey: 'ca-purchase-ca-missing',
      variables: { amount: 1, checker: manager.actor.userId },
    })
    await expect(ops.completeTask(teacher, { taskId: s.taskIds[0] })).rejects.toMatchObject({
      status: 400,
      key: 'workflow.calledElement',
    })
    expect((await open(s.processInstanceId)).map((x) => x.taskKey)).toEqual(['apply'])
  })
})
