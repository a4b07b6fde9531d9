import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { processLeave, wfInstance } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { deployDefinition } from './engine/operations.ts'
import { LEAVE_XML } from './engine/leave-xml.ts'

const P = '/api/blade-workflow/process'
const LEAVE = '/api/blade-desk/process/leave'

type Box = { x: number; y: number; width: number; height: number }
const boundsOf = (tag: string): Box => {
  const n = (a: string) => Number(new RegExp(`${a}="(-?[\\d.]+)"`).exec(tag)![1])
  return { x: n('x'), y: n('y'), width: n('width'), height: n('height') }
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
/** An edge's straight segment (horizontal or vertical, as the sample draws them) as a box of no thickness. */
const segment = (p: { x: number; y: number }, q: { x: number; y: number }): Box => ({
  x: Math.min(p.x, q.x),
  y: Math.min(p.y, q.y),
  width: Math.abs(p.x - q.x) || 0.01,
  height: Math.abs(p.y - q.y) || 0.01,
})

const BPMN = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">${body}</definitions>`

describe('blade-workflow/process and the leave sample: the runtime through HTTP', async () => {
  const t = await testApp()
  const [teacher, manager, admin] = await Promise.all(['teacher', 'manager', 'admin'].map((a) => t.signIn(a)))
  const tok = { teacher: teacher.access_token, manager: manager.access_token, admin: admin.access_token }
  const deploy = (xml: string) =>
    withTransaction(t.services.db, (tx) => deployDefinition(tx, { tenantId: '000000', xml, userId: admin.user_id }))
  const todo = async (token: string) => (await t.get(`${P}/todoList`, token)).body.data.records as any[]
  const leave = (days: number) =>
    t.post(`${LEAVE}/start-process`, tok.teacher, {
      taskUser: manager.user_id,
      days,
      reason: '家中有事',
      startTime: '2026-12-01 08:00:00',
      endTime: `2026-12-0${days} 18:00:00`,
    })

  it('runs the leave sample: 3 days ends after the manager, 5 days goes on to the principal', async () => {
    const short = await leave(3)
    expect(short.status).toBe(200)
    const shortTask = (await todo(tok.manager)).find((r) => r.businessId === short.body.data.businessId)
    expect(shortTask).toMatchObject({ taskName: '主管审批', processDefinitionKey: 'leave', startUser: teacher.user_id })
    const done = await t.post(`${P}/completeTask`, tok.manager, {
      taskId: shortTask.taskId,
      comment: '同意',
      pass: true,
    })
    expect(done.status).toBe(200)
    const detail = (await t.get(`${LEAVE}/detail`, tok.teacher, { businessId: short.body.data.businessId })).body.data
    expect(detail).toMatchObject({ days: 3, process: { processIsFinished: true, status: 'finished' } })
    expect(detail.history.map((h: any) => [h.historyActivityId, h.action])).toEqual(
      expect.arrayContaining([
        ['apply', 'start'],
        ['managerApproval', 'complete'],
      ]),
    )
    expect(detail.flow.map((f: any) => f.historyActivityId)).toEqual(expect.arrayContaining(['toEnd', 'end']))
    expect(detail.flow.map((f: any) => f.historyActivityId)).not.toContain('principalApproval')

    const long = await leave(5)
    const longTask = (await todo(tok.manager)).find((r) => r.businessId === long.body.data.businessId)
    await t.post(`${P}/completeTask`, tok.manager, { taskId: longTask.taskId, comment: '同意' })
    const claim = (await t.get(`${P}/claimList`, tok.admin)).body.data.records as any[]
    const principal = claim.find((r) => r.businessId === long.body.data.businessId)
    expect(principal).toMatchObject({ taskName: '校长审批', assignee: null })
    // The diagram: the principal's node is current (no end time), flows are sequenceFlow rows.
    const flow = (await t.get(`${P}/detail`, tok.teacher, { processInsId: principal.processInstanceId })).body.data.flow
    expect(flow).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          historyActivityId: 'principalApproval',
          endTime: null,
          historyActivityType: 'userTask',
        }),
        expect.objectContaining({ historyActivityId: 'toPrincipal', historyActivityType: 'sequenceFlow' }),
        expect.objectContaining({ historyActivityId: 'end', historyActivityType: 'candidate' }),
      ]),
    )
    // Not a candidate: the teacher may not claim; the administrator may, once.
    expect((await t.post(`${P}/claimTask`, tok.teacher, { taskId: principal.taskId })).status).toBe(403)
    expect((await t.post(`${P}/claimTask`, tok.admin, { taskId: principal.taskId })).status).toBe(200)
    expect((await t.post(`${P}/claimTask`, tok.admin, { taskId: principal.taskId })).status).toBe(409)
    expect((await t.post(`${P}/completeTask`, tok.admin, { taskId: principal.taskId })).status).toBe(200)
    const sent = (await t.get(`${P}/myDoneList`, tok.teacher)).body.data.records as any[]
    expect(sent.map((r) => r.businessId)).toContain(long.body.data.businessId)
  })

  it('writes a leave request and its process in one transaction: a refused one leaves neither behind', async () => {
    const db = t.services.db
    const counts = async () => [(await db.$count(processLeave)) as number, (await db.$count(wfInstance)) as number]
    const before = await counts()
    // Refused by the row's own rule, checked inside the start's transaction after the instance was written.
    const backwards = await t.post(`${LEAVE}/start-process`, tok.teacher, {
      taskUser: manager.user_id,
      days: 2,
      reason: '倒序',
      startTime: '2026-12-05 08:00:00',
      endTime: '2026-12-01 18:00:00',
    })
    expect(backwards.body).toMatchObject({ code: 400, field: 'endTime' })
    // Refused before any engine work: a definition that does not exist.
    const nowhere = await t.post(`${LEAVE}/start-process`, tok.teacher, {
      taskUser: manager.user_id,
      days: 1,
      reason: '无流程',
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-01 18:00:00',
      processDefinitionId: '123456789',
    })
    expect(nowhere.status).toBe(404)
    expect(await counts()).toEqual(before)
    const ok = (await leave(2)).body.data
    expect(await counts()).toEqual([before[0] + 1, before[1] + 1])
    const [inst] = await db.select().from(wfInstance).where(eq(wfInstance.id, ok.processInstanceId))
    expect(inst).toMatchObject({ businessTable: 'blade_process_leave', businessId: ok.businessId })
    const [row] = await db.select().from(processLeave).where(eq(processLeave.id, ok.businessId))
    expect(row).toMatchObject({ processInstanceId: ok.processInstanceId, days: 2 })
  })

  it('refuses bad input and other schools; a non-assignee; a non-initiator withdraw', async () => {
    expect((await t.post(`${LEAVE}/start-process`, tok.teacher, { days: 2, reason: 'x' })).body).toMatchObject({
      code: 400,
      field: 'taskUser',
    })
    const started = (await leave(2)).body.data
    const task = (await todo(tok.manager)).find((r) => r.businessId === started.businessId)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.post(`${P}/completeTask`, other, { taskId: task.taskId })).status).toBe(404)
    expect((await t.get(`${P}/detail`, other, { processInsId: task.processInstanceId })).status).toBe(404)
    expect((await t.get(`${LEAVE}/detail`, other, { businessId: started.businessId })).status).toBe(404)
    expect((await t.post(`${P}/completeTask`, tok.teacher, { taskId: task.taskId })).status).toBe(403)
    expect(
      (await t.post(`${P}/transferTask`, tok.teacher, { taskId: task.taskId, assignee: teacher.user_id })).status,
    ).toBe(403)
    expect((await t.post(`${P}/withdrawTask`, tok.manager, { processInstanceId: task.processInstanceId })).status).toBe(
      403,
    )
    expect((await t.get(`${P}/todoList`, await t.token('student'))).status).toBe(403)
    // The initiator withdraws while the manager has not acted: the instance ends, the task leaves the todo list.
    expect((await t.post(`${P}/withdrawTask`, tok.teacher, { processInstanceId: task.processInstanceId })).status).toBe(
      200,
    )
    expect((await todo(tok.manager)).map((r) => r.taskId)).not.toContain(task.taskId)
    expect((await t.post(`${P}/completeTask`, tok.manager, { taskId: task.taskId })).status).toBe(409)
  })

  it('transfers, delegates and resolves, copies, urges, terminates with a reason', async () => {
    const started = (await leave(2)).body.data
    let task = (await todo(tok.manager)).find((r) => r.businessId === started.businessId)
    expect(
      (await t.post(`${P}/delegateTask`, tok.manager, { taskId: task.taskId, assignee: teacher.user_id })).status,
    ).toBe(200)
    expect((await todo(tok.teacher)).find((r) => r.taskId === task.taskId)).toMatchObject({
      owner: manager.user_id,
      delegation: 'pending',
    })
    // The delegate's completion resolves: the task returns to its owner.
    expect((await t.post(`${P}/completeTask`, tok.teacher, { taskId: task.taskId, comment: '已核实' })).status).toBe(
      200,
    )
    task = (await todo(tok.manager)).find((r) => r.taskId === task.taskId)
    expect(task).toMatchObject({ assignee: manager.user_id, delegation: 'resolved' })
    expect((await t.post(`${P}/transferTask`, tok.manager, { taskId: task.taskId, assignee: 'nope' })).body.field).toBe(
      'assignee',
    )
    expect(
      (await t.post(`${P}/transferTask`, tok.manager, { taskId: task.taskId, assignee: admin.user_id })).status,
    ).toBe(200)
    expect((await todo(tok.admin)).map((r) => r.taskId)).toContain(task.taskId)
    const ops = await import('./engine/operations.ts')
    const { makeCtx } = await import('../../lib/context.ts')
    const asTeacher = makeCtx(t.services.db, {
      kind: 'user',
      userId: teacher.user_id,
      tenantId: '000000',
      account: 'teacher',
      deptIds: [],
      roleIds: [],
    })
    // The task panel's Copy (cc): the initiator copies the task to the manager, who then finds it in copyList.
    const copy = { taskId: task.taskId, userIds: manager.user_id }
    expect((await t.post(`${P}/copyTask`, tok.manager, copy)).status).toBe(403)
    expect((await t.post(`${P}/copyTask`, tok.teacher, { taskId: task.taskId })).body.field).toBe('userIds')
    expect((await t.post(`${P}/copyTask`, await t.token('student'), copy)).status).toBe(403)
    expect((await t.post(`${P}/copyTask`, tok.teacher, copy)).status).toBe(200)
    expect((await t.get(`${P}/copyList`, tok.manager)).body.data.records.map((r: any) => r.businessId)).toContain(
      started.businessId,
    )
    await ops.urgeTask(asTeacher, { taskId: task.taskId })
    const inbox = (await t.get('/api/blade-message/message/my/list', tok.admin)).body.data.records as any[]
    expect(inbox.some((m) => String(m.title).includes('流程催办'))).toBe(true)
    expect(
      (await t.post(`${P}/terminateProcess`, tok.teacher, { processInstanceId: task.processInstanceId })).body.field,
    ).toBe('comment')
    expect(
      (await t.post(`${P}/terminateProcess`, tok.manager, { processInstanceId: task.processInstanceId, comment: 'x' }))
        .status,
    ).toBe(403)
    expect(
      (
        await t.post(`${P}/terminateProcess`, tok.teacher, {
          processInstanceId: task.processInstanceId,
          comment: '不请了',
        })
      ).status,
    ).toBe(200)
    const d = (await t.get(`${P}/detail`, tok.teacher, { processInsId: task.processInstanceId })).body.data
    expect(d.process).toMatchObject({ status: 'terminated', endReason: '不请了', processIsFinished: true })
  })

  it('two approvers completing one task at once: one 200, one 409', async () => {
    const started = (await leave(2)).body.data
    const task = (await todo(tok.manager)).find((r) => r.businessId === started.businessId)
    const results = await Promise.all([
      t.post(`${P}/completeTask`, tok.manager, { taskId: task.taskId }),
      t.post(`${P}/completeTask`, tok.admin, { taskId: task.taskId }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('a countersign of three with one participant deleted ends when the other two complete', async () => {
    const def = await deploy(
      BPMN(`<process id="countersign" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="cs"/>
      <userTask id="cs" name="会签" flowable:assignee="\${person}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${people}" flowable:elementVariable="person">
      <completionCondition>\${nrOfCompletedInstances == nrOfInstances}</completionCondition></multiInstanceLoopCharacteristics></userTask>
      <sequenceFlow id="f2" sourceRef="cs" targetRef="e"/><endEvent id="e"/></process>`),
    )
    const people = [teacher.user_id, manager.user_id, admin.user_id]
    const started = await t.post(`${P}/startProcess`, tok.teacher, { processDefinitionId: def.id, people })
    expect(started.status).toBe(200)
    const id = started.body.data.processInstanceId
    const mine = async (token: string) => (await todo(token)).find((r) => r.processInstanceId === id)
    const a = await mine(tok.admin)
    const ops = await import('./engine/operations.ts')
    const { makeCtx } = await import('../../lib/context.ts')
    const asStudentOther = makeCtx(t.services.db, {
      kind: 'user',
      userId: '1',
      tenantId: '000000',
      account: 'x',
      deptIds: [],
      roleIds: [],
    })
    await expect(ops.deleteMultiInstance(asStudentOther, { taskId: a.taskId })).rejects.toMatchObject({ status: 403 })
    const asManager = makeCtx(t.services.db, {
      kind: 'user',
      userId: manager.user_id,
      tenantId: '000000',
      account: 'manager',
      deptIds: [],
      roleIds: [],
    })
    await ops.deleteMultiInstance(asManager, { taskId: a.taskId })
    expect(await mine(tok.admin)).toBeUndefined()
    await t.post(`${P}/completeTask`, tok.teacher, { taskId: (await mine(tok.teacher)).taskId })
    let d = (await t.get(`${P}/detail`, tok.teacher, { processInsId: id })).body.data
    expect(d.process.status).toBe('running')
    await t.post(`${P}/completeTask`, tok.manager, { taskId: (await mine(tok.manager)).taskId })
    d = (await t.get(`${P}/detail`, tok.teacher, { processInsId: id })).body.data
    expect(d.process.status).toBe('finished')
  })

  it('adds a participant to a countersign: it waits for the added one too', async () => {
    const def = await deploy(
      BPMN(`<process id="cs2" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="cs"/>
      <userTask id="cs" name="会签" flowable:assignee="\${person}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${people}" flowable:elementVariable="person"/></userTask>
      <sequenceFlow id="f2" sourceRef="cs" targetRef="e"/><endEvent id="e"/></process>`),
    )
    const id = (
      await t.post(`${P}/startProcess`, tok.teacher, { processDefinitionId: def.id, people: [manager.user_id] })
    ).body.data.processInstanceId
    const m = (await todo(tok.manager)).find((r) => r.processInstanceId === id)
    expect(
      (await t.post(`${P}/addMultiInstance`, tok.teacher, { taskId: m.taskId, assignees: admin.user_id })).status,
    ).toBe(403)
    expect(
      (await t.post(`${P}/addMultiInstance`, tok.manager, { taskId: m.taskId, assignees: admin.user_id })).status,
    ).toBe(200)
    await t.post(`${P}/completeTask`, tok.manager, { taskId: m.taskId })
    expect((await t.get(`${P}/detail`, tok.teacher, { processInsId: id })).body.data.process.status).toBe('running')
    const added = (await todo(tok.admin)).find((r) => r.processInstanceId === id)
    await t.post(`${P}/completeTask`, tok.admin, { taskId: added.taskId })
    expect((await t.get(`${P}/detail`, tok.teacher, { processInsId: id })).body.data.process.status).toBe('finished')
  })

  it('offers back nodes and rolls back out of a parallel branch: every branch returns', async () => {
    const def = await deploy(
      BPMN(`<process id="parallel" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="apply"/>
      <userTask id="apply" name="申请" flowable:assignee="\${initiator}"/><sequenceFlow id="f1" sourceRef="apply" targetRef="fork"/>
      <parallelGateway id="fork"/><sequenceFlow id="fa" sourceRef="fork" targetRef="A"/><sequenceFlow id="fb" sourceRef="fork" targetRef="B"/>
      <userTask id="A" name="甲" flowable:assignee="\${a}"/><userTask id="B" name="乙" flowable:assignee="\${b}"/>
      <sequenceFlow id="fa2" sourceRef="A" targetRef="join"/><sequenceFlow id="fb2" sourceRef="B" targetRef="join"/>
      <parallelGateway id="join"/><sequenceFlow id="f9" sourceRef="join" targetRef="e"/><endEvent id="e"/></process>`),
    )
    const id = (
      await t.post(`${P}/startProcess`, tok.teacher, {
        processDefinitionId: def.id,
        a: manager.user_id,
        b: admin.user_id,
      })
    ).body.data.processInstanceId
    const at = async (token: string) => (await todo(token)).find((r) => r.processInstanceId === id)
    await t.post(`${P}/completeTask`, tok.teacher, { taskId: (await at(tok.teacher)).taskId })
    const a = await at(tok.manager)
    const b = await at(tok.admin)
    expect(a.taskDefinitionKey).toBe('A')
    expect((await t.get(`${P}/getBackNodes`, tok.teacher, { taskId: a.taskId })).status).toBe(403)
    const nodes = (await t.get(`${P}/getBackNodes`, tok.manager, { taskId: a.taskId })).body.data as any[]
    expect(nodes.map((n) => n.nodeId).sort()).toEqual(['apply', 's'])
    expect((await t.post(`${P}/rollbackTask`, tok.manager, { taskId: a.taskId, nodeId: 'B' })).body.field).toBe(
      'nodeId',
    )
    expect(
      (await t.post(`${P}/rollbackTask`, tok.manager, { taskId: a.taskId, nodeId: 'apply', comment: '材料不全' }))
        .status,
    ).toBe(200)
    expect(await at(tok.admin)).toBeUndefined()
    expect((await t.post(`${P}/completeTask`, tok.admin, { taskId: b.taskId })).status).toBe(409)
    const again = await at(tok.teacher)
    expect(again.taskDefinitionKey).toBe('apply')
    await t.post(`${P}/completeTask`, tok.teacher, { taskId: again.taskId })
    await t.post(`${P}/completeTask`, tok.manager, { taskId: (await at(tok.manager)).taskId })
    await t.post(`${P}/completeTask`, tok.admin, { taskId: (await at(tok.admin)).taskId })
    expect((await t.get(`${P}/detail`, tok.teacher, { processInsId: id })).body.data.process.status).toBe('finished')
  })

  it("the leave sample's diagram: every named element's label has its own bounds, clear of shapes and flows", () => {
    const named = [...LEAVE_XML.matchAll(/<(\w+) id="(\w+)" name="[^"]+"/g)]
      // A task's name is drawn inside its box; an event's, a gateway's and a flow's outside, where DI places it.
      .filter(([, tag]) => tag !== 'process' && tag !== 'userTask')
      .map(([, , id]) => id)
    expect(named).toEqual(expect.arrayContaining(['apply', 'checkDays', 'end', 'toPrincipal', 'toEnd']))
    const di = [
      ...LEAVE_XML.matchAll(/<bpmndi:BPMN(Shape|Edge) [^>]*bpmnElement="(\w+)"[^>]*>([\s\S]*?)<\/bpmndi:BPMN\1>/g),
    ]
    const shapes = di
      .filter(([, kind]) => kind === 'Shape')
      .map(([, , , inner]) => boundsOf(inner.split('BPMNLabel')[0]))
    const segments = di
      .filter(([, kind]) => kind === 'Edge')
      .flatMap(([, , , inner]) => {
        const pts = [...inner.matchAll(/<di:waypoint x="(\d+)" y="(\d+)"/g)].map(([, x, y]) => ({ x: +x, y: +y }))
        return pts.slice(1).map((q, i) => segment(pts[i], q))
      })
    for (const id of named) {
      const inner = di.find(([, , el]) => el === id)?.[3] ?? ''
      const label = /<bpmndi:BPMNLabel>\s*(<dc:Bounds [^>]*>)/.exec(inner)
      expect(label, `${id} has label bounds`).not.toBeNull()
      const box = boundsOf(label![1])
      expect(
        shapes.filter((sh) => overlaps(box, sh)),
        `${id}'s label clear of shapes`,
      ).toEqual([])
      expect(
        segments.filter((sg) => overlaps(box, sg)),
        `${id}'s label clear of flows`,
      ).toEqual([])
    }
  })

  it('refuses a bad definition naming xml, and a bad expression at deploy', async () => {
    await expect(deploy('not xml')).rejects.toMatchObject({ status: 400, field: 'xml' })
    await expect(
      deploy(
        BPMN(
          `<process id="bad" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="e"><conditionExpression>\${days &gt;&gt; 3}</conditionExpression></sequenceFlow><endEvent id="e"/></process>`,
        ),
      ),
    ).rejects.toMatchObject({ status: 400, field: 'xml' })
  })
})
