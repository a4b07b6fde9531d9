import { describe, expect, it } from 'vitest'
import { testApp } from '../../../../tests/support/harness.ts'
import { twoStep } from '../../../../tests/support/workflow-bpmn.ts'

const F = '/api/blade-flow'
const OPS = '/api/blade-workflow/ops'

describe('blade-flow (the classic engine) and blade-workflow/ops', async () => {
  const t = await testApp()
  const admin = await t.token('admin')
  const manager = await t.signIn('manager')
  const teacher = await t.token('teacher')

  /** A multipart upload as the classic screen sends it: category, tenantIds, files. */
  async function upload(token: string, files: [string, string][], fields: Record<string, string> = {}) {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    for (const [name, text] of files) form.append('files', new File([text], name, { type: 'application/xml' }))
    const res = await t.app.handle(
      new Request(`http://localhost${F}/manager/deploy-upload`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}` },
        body: form,
      }),
    )
    return { status: res.status, body: (await res.json()) as any }
  }

  const start = (token: string, processDefinitionId: string) =>
    t.post('/api/blade-workflow/process/startProcess', token, {
      processDefinitionId,
      variables: { approver: manager.user_id },
    })

  it('deploy-upload deploys each .bpmn file to each school named; only the platform administrator names others', async () => {
    const bad = await upload(admin, [['notes.txt', 'hello']])
    expect(bad).toMatchObject({ status: 400, body: { field: 'files' } })
    const notBpmn = await upload(admin, [['a.bpmn', '<definitions']])
    expect(notBpmn).toMatchObject({ status: 400, body: { field: 'files' } })
    expect(notBpmn.body.msg).toContain('BPMN')
    const ok = await upload(
      admin,
      [
        ['up_a.bpmn20.xml', twoStep('up_a')],
        ['up_b.bpmn', twoStep('up_b')],
      ],
      {
        tenantIds: '000000,100001',
      },
    )
    expect(ok.status).toBe(200)
    expect(ok.body.data.map((d: any) => [d.tenantId, d.processKey, d.version])).toEqual([
      ['000000', 'up_a', 1],
      ['000000', 'up_b', 1],
      ['100001', 'up_a', 1],
      ['100001', 'up_b', 1],
    ])
    const other = await t.token('admin', 'admin', '100001')
    const theirs = (await t.get(`${F}/manager/list`, other, { processKey_like: 'up_' })).body.data.records as any[]
    expect(theirs.map((r) => r.processKey).sort()).toEqual(['up_a', 'up_b'])
    expect(theirs[0].xml).toBeUndefined()
    const refused = await upload(other, [['x.bpmn', twoStep('x')]], { tenantIds: '000000' })
    expect(refused.status).toBe(403)
    expect((await upload(admin, [['x.bpmn', twoStep('x')]], { tenantIds: '999999' })).body.field).toBe('tenantIds')
    expect((await upload(teacher, [['x.bpmn', twoStep('x')]])).status).toBe(403)
    // Another school's own upload stays its own.
    expect((await upload(other, [['own.bpmn', twoStep('own_b')]])).status).toBe(200)
    const ours = (await t.get(`${F}/manager/list`, admin, { processKey: 'own_b' })).body.data
    expect(ours.total).toBe(0)
  })

  it('a suspended definition starts nothing; the work lists, claim and complete run through the runtime', async () => {
    const [dep] = (await upload(admin, [['work2.bpmn', twoStep('work2', '两步审批')]])).body.data
    expect((await t.post(`${F}/manager/change-state`, admin, { state: 'sleep', processId: dep.id })).body.field).toBe(
      'state',
    )
    expect((await t.post(`${F}/manager/change-state`, admin, { state: 'suspend', processId: dep.id })).status).toBe(200)
    expect((await start(teacher, dep.id)).status).toBe(409)
    const startable = (await t.get(`${F}/work/start-list`, teacher)).body.data.records as any[]
    expect(startable.map((r) => r.id)).not.toContain(dep.id)
    expect((await t.post(`${F}/manager/change-state`, admin, { state: 'active', processId: dep.id })).status).toBe(200)
    expect(((await t.get(`${F}/work/start-list`, teacher)).body.data.records as any[]).map((r) => r.id)).toContain(
      dep.id,
    )
    const started = await start(teacher, dep.id)
    expect(started.status).toBe(200)

    const sent = (await t.get(`${F}/work/send-list`, teacher)).body.data.records as any[]
    const inst = sent.find((r) => r.processDefinitionId === dep.id)
    expect(inst).toBeTruthy()
    const todo = (await t.get(`${F}/work/todo-list`, manager.access_token)).body.data.records as any[]
    const task = todo.find((r) => r.processInstanceId === inst.processInstanceId)
    expect(task).toMatchObject({ taskName: '审批', processDefinitionKey: 'work2' })
    expect((await t.post(`${F}/work/complete-task`, teacher, { taskId: task.taskId, comment: '我来' })).status).toBe(
      403,
    )
    expect(
      (
        await t.post(`${F}/work/complete-task`, manager.access_token, {
          taskId: task.taskId,
          pass: true,
          comment: '同意',
        })
      ).status,
    ).toBe(200)
    const done = (await t.get(`${F}/work/done-list`, manager.access_token)).body.data.records as any[]
    expect(done.map((r) => r.taskId)).toContain(task.taskId)
    expect((await t.post(`${F}/work/claim-task`, manager.access_token, {})).body.field).toBe('taskId')

    const flow = (await t.get(`${F}/process/history-flow-list`, teacher, { processInstanceId: inst.processInstanceId }))
      .body.data as any[]
    expect(flow.map((h) => h.historyActivityId)).toEqual(expect.arrayContaining(['start', 'approve', 'end']))
    const view = (await t.get(`${F}/process/model-view`, teacher, { processInstanceId: inst.processInstanceId })).body
      .data
    expect(view.xml).toContain('id="work2"')
    expect(view.flow.some((f: any) => f.historyActivityId === 'approve' && f.endTime)).toBe(true)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${F}/process/model-view`, other, { processInstanceId: inst.processInstanceId })).status).toBe(
      404,
    )
    expect((await t.get(`${F}/work/todo-list`, await t.token('student'))).status).toBe(403)
  })

  it('classic models deploy like design models; follow lists and deletes instances', async () => {
    const m = (
      await t.post(`${F}/model/submit`, admin, { modelKey: 'classic1', name: '经典', xml: twoStep('classic1') })
    ).body.data
    expect((await t.post(`${F}/model/deploy`, admin, undefined, { modelId: m.id })).body.data).toMatchObject([
      { tenantId: '000000', processKey: 'classic1', version: 1 },
    ])
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.post(`${F}/model/deploy`, other, undefined, { modelId: m.id })).status).toBe(404)
    const dep = (await t.get(`${F}/manager/list`, admin, { processKey: 'classic1' })).body.data.records[0]
    const inst = (await start(teacher, dep.id)).body.data
    expect(inst).toBeTruthy()
    const follow = (await t.get(`${F}/follow/list`, admin, { processDefinitionKey: 'classic1' })).body.data
    expect(follow.records[0]).toMatchObject({
      processDefinitionKey: 'classic1',
      startUserName: '李老师',
      status: 'running',
    })
    expect(follow.records[0].state).toBeUndefined()
    expect((await t.get(`${F}/follow/list`, teacher)).status).toBe(403)
    expect((await t.post(`${F}/manager/delete-deployment`, admin, { deploymentIds: dep.id })).status).toBe(409)
    const id = follow.records[0].processInstanceId
    expect(
      (await t.post(`${F}/follow/delete-process-instance`, admin, { processInstanceId: id, deleteReason: '重复' }))
        .status,
    ).toBe(200)
    expect((await t.get(`${F}/follow/list`, admin, { processInstanceId: id })).body.data.records[0].status).toBe(
      'terminated',
    )
    expect((await t.post(`${F}/manager/delete-deployment`, admin, { deploymentIds: dep.id })).status).toBe(200)
  })

  it('ops: the administrator sees and fixes every task of the school; nobody else', async () => {
    const [dep] = (await upload(admin, [['ops2.bpmn', twoStep('ops2')]])).body.data
    await start(teacher, dep.id)
    const list = (await t.get(`${OPS}/list`, admin, { definitionId: dep.id })).body.data
    expect(list.total).toBe(1)
    const task = list.records[0]
    expect(task).toMatchObject({ taskName: '审批', assignee: manager.user_id, assigneeName: '赵主任' })
    expect(
      (await t.get(`${OPS}/proxy`, admin, { userId: manager.user_id })).body.data.records.map((r: any) => r.taskId),
    ).toContain(task.taskId)
    expect((await t.get(`${OPS}/proxy`, admin, { userId: 'x' })).body.field).toBe('userId')
    expect((await t.get(`${OPS}/list`, teacher)).status).toBe(403)
    expect(
      (await t.post(`${OPS}/terminateProcess`, teacher, { processInstanceId: task.processInstanceId })).status,
    ).toBe(403)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${OPS}/list`, other, { definitionId: dep.id })).body.data.total).toBe(0)
    expect((await t.post(`${OPS}/terminateProcess`, other, { processInstanceId: task.processInstanceId })).status).toBe(
      404,
    )
    const teacherId = (await t.signIn('teacher')).user_id
    expect((await t.post(`${OPS}/transferTask`, admin, { taskId: task.taskId, assignee: teacherId })).status).toBe(200)
    expect((await t.get(`${OPS}/list`, admin, { definitionId: dep.id })).body.data.records[0].assignee).toBe(teacherId)
    const processes = (await t.get(`${OPS}/processList`, admin, { processDefinitionKey: 'ops2' })).body.data
    expect(processes.records[0]).toMatchObject({ processDefinitionKey: 'ops2', status: 'running' })
    expect(
      (await t.post(`${OPS}/terminateProcess`, admin, { processInstanceId: task.processInstanceId, comment: '作废' }))
        .status,
    ).toBe(200)
    expect((await t.get(`${OPS}/list`, admin, { definitionId: dep.id })).body.data.total).toBe(0)
  })
})
