import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfFormVariable } from '../../../../db/schema/workflow.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { seededPeople } from '../../../../tests/support/people.ts'
import * as ops from '../engine/operations.ts'

const D = '/api/blade-workflow/design'

/** A two-step process whose start event and approval each name a designed form. */
const formed = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://atrium.local/bpmn">
  <process id="${key}" name="带表单的审批" isExecutable="true">
    <startEvent id="start" name="填写申请" flowable:formKey="apply_form" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批" flowable:assignee="\${approver}" flowable:formKey="approve_form" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`

const APPLY = JSON.stringify([{ name: 'reason', label: { zh: '事由', en: 'Reason' }, type: 'textarea' }])
const APPROVE = JSON.stringify([{ name: 'opinion', label: { zh: '意见', en: 'Opinion' } }])

describe('blade-workflow/design/form theme and variable', async () => {
  const t = await testApp()
  const admin = await t.token('admin')
  const teacherToken = await t.token('teacher')
  const managerToken = await t.token('manager')
  const otherSchool = await t.token('admin', 'admin', '100001')
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  const rowsOf = (processInsId: string) =>
    t.services.db.select().from(wfFormVariable).where(eq(wfFormVariable.processInsId, processInsId))

  const theme = {
    name: '公文',
    themeKey: 'official',
    borderWidth: '2px',
    borderColor: '#1b79c3',
    labelColor: '#fff',
    labelBg: 'rgb(64, 158, 255)',
    labelWidth: '8em',
    labelFontSize: '0.9rem',
    valueColor: '#303133ff',
    valueBg: 'rgba(64,158,255,0.08)',
    valueFontSize: '100%',
  }

  it('themes: CRUD, every value a colour or a bounded size (injection refused naming the field), per school', async () => {
    const saved = await t.post(`${D}/form/theme/submit`, admin, theme)
    expect(saved.status).toBe(200)
    const id = saved.body.data.id
    expect(saved.body.data).toMatchObject(theme)
    expect((await t.post(`${D}/form/theme/submit`, admin, { ...theme, name: '又一个' })).status).toBe(409)

    const refused: [string, string][] = [
      ['labelColor', 'red;background:url(https://evil.example/x)'],
      ['labelBg', '#fff}body{display:none'],
      ['borderColor', 'red'],
      ['valueBg', 'rgb(300, 0, 0)'],
      ['valueColor', 'rgba(1,2,3,0.5);x:y'],
      ['valueColor', 'expression(alert(1))'],
      ['borderWidth', '1px;'],
      ['borderWidth', '500px'],
      ['labelWidth', '30em'],
      ['labelFontSize', 'calc(100% + 1px)'],
      ['valueFontSize', '101%'],
      ['valueFontSize', '12'],
    ]
    for (const [field, value] of refused) {
      const r = await t.post(`${D}/form/theme/submit`, admin, { ...theme, themeKey: 'bad', [field]: value })
      expect([field, r.status, r.body.field]).toEqual([field, 400, field])
    }
    expect((await t.post(`${D}/form/theme/submit`, admin, { id, labelWidth: '9999px' })).body.field).toBe('labelWidth')

    const list = (await t.get(`${D}/form/theme/list`, admin, { themeKey: 'official' })).body.data.records
    expect(list.map((r: any) => r.id)).toEqual([id])
    // Another school sees none of it; staff without the menu may not write themes.
    expect((await t.get(`${D}/form/theme/detail`, otherSchool, { id })).status).toBe(404)
    expect((await t.get(`${D}/form/theme/list`, otherSchool)).body.data.records.map((r: any) => r.id)).not.toContain(id)
    expect((await t.post(`${D}/form/theme/submit`, teacherToken, { ...theme, themeKey: 'mine' })).status).toBe(403)

    // A form names a theme of its school, or none.
    const noTheme = await t.post(`${D}/form/submit`, admin, { formKey: 'themed', name: '主题表单', themeKey: 'nope' })
    expect(noTheme).toMatchObject({ status: 400, body: { field: 'themeKey' } })
    const themed = await t.post(`${D}/form/submit`, admin, {
      formKey: 'themed',
      name: '主题表单',
      themeKey: 'official',
    })
    expect(themed.body.data.themeKey).toBe('official')
    expect((await t.post(`${D}/form/theme/remove`, admin, { ids: id })).status).toBe(200)
    expect((await t.get(`${D}/form/theme/detail`, admin, { id })).status).toBe(404)
  })

  it('a start and a completion on nodes with forms each record the filled form in their transaction', async () => {
    expect((await t.post(`${D}/form/theme/submit`, admin, { ...theme, themeKey: 'plain' })).status).toBe(200)
    for (const [formKey, content] of [
      ['apply_form', APPLY],
      ['approve_form', APPROVE],
    ])
      expect(
        (await t.post(`${D}/form/submit`, admin, { formKey, name: formKey, content, themeKey: 'plain' })).status,
      ).toBe(200)
    const model = await t.post(`${D}/model/submit`, admin, {
      modelKey: 'formed',
      name: '带表单',
      xml: formed('formed'),
    })
    expect((await t.post(`${D}/model/deploy`, admin, { id: model.body.data.id })).status).toBe(200)

    // Refused before anything is written: no record.
    await expect(
      ops.startProcess(teacher, { processDefinitionKey: 'formed', variables: '[1, 2]' }),
    ).rejects.toMatchObject({ status: 400 })
    const before = await t.services.db.select().from(wfFormVariable)

    const s = await ops.startProcess(teacher, {
      processDefinitionKey: 'formed',
      variables: { reason: '外出培训', approver: manager.actor.userId },
    })
    const started = await rowsOf(s.processInstanceId)
    expect(started).toHaveLength(1)
    expect(started[0]).toMatchObject({
      taskId: null,
      taskDefKey: 'start',
      taskName: '填写申请',
      formKey: 'apply_form',
      themeKey: 'plain',
      formOption: APPLY,
      createUser: teacher.actor.userId,
      deploymentId: s.processDefinitionId,
    })
    expect(JSON.parse(started[0]!.formVariable)).toEqual({ reason: '外出培训', approver: manager.actor.userId })

    // The teacher is not the approver: refused, nothing recorded.
    await expect(
      ops.completeTask(teacher, { taskId: s.taskIds[0], variables: { opinion: '自己批' } }),
    ).rejects.toMatchObject({ status: 403 })
    expect(await rowsOf(s.processInstanceId)).toHaveLength(1)

    await ops.completeTask(manager, { taskId: s.taskIds[0], variables: { opinion: '同意' } })
    const all = await rowsOf(s.processInstanceId)
    expect(all).toHaveLength(2)
    const done = all.find((r) => r.taskId === s.taskIds[0])!
    expect(done).toMatchObject({ taskDefKey: 'approve', formKey: 'approve_form', formOption: APPROVE })
    expect(JSON.parse(done.formVariable)).toEqual({ opinion: '同意' })
    // Only the two operations wrote records.
    expect((await t.services.db.select().from(wfFormVariable)).length).toBe(before.length + 2)

    // Read side: the initiator and the approver read them (with who filled each and the theme); no submit route.
    const mine = await t.get(`${D}/form/variable/list`, teacherToken, { processInsId: s.processInstanceId })
    expect(mine.status).toBe(200)
    expect(mine.body.data.records.map((r: any) => r.taskDefKey)).toEqual(['start', 'approve'])
    expect(mine.body.data.records[0]).toMatchObject({
      createUsername: expect.any(String),
      theme: { themeKey: 'plain' },
    })
    // By task: that task's filled form, read by whoever may read its process.
    const byTask = await t.get(`${D}/form/variable/list`, managerToken, { taskId: s.taskIds[0] })
    expect(byTask.body.data.records.map((r: any) => r.taskDefKey)).toEqual(['approve'])
    const detail = await t.get(`${D}/form/variable/detail`, teacherToken, { id: done.id })
    expect(detail.body.data).toMatchObject({ formKey: 'approve_form', theme: { labelWidth: '8em' } })
    expect((await t.post(`${D}/form/variable/submit`, admin, { processInsId: s.processInstanceId })).status).toBe(404)

    // A process the teacher takes no part in: refused, by list and by detail.
    const other = await ops.startProcess(manager, {
      processDefinitionKey: 'formed',
      variables: { reason: '另一个', approver: manager.actor.userId },
    })
    const theirs = (await rowsOf(other.processInstanceId))[0]!
    expect(
      (await t.get(`${D}/form/variable/list`, teacherToken, { processInsId: other.processInstanceId })).status,
    ).toBe(403)
    expect((await t.get(`${D}/form/variable/detail`, teacherToken, { id: theirs.id })).status).toBe(403)
    // Without naming a process, only an administrator lists.
    expect((await t.get(`${D}/form/variable/list`, teacherToken)).body).toMatchObject({ field: 'processInsId' })
    expect((await t.get(`${D}/form/variable/list`, admin)).body.data.total).toBeGreaterThanOrEqual(3)

    // Another school's administrator: the rows are not theirs to list nor to read.
    const there = await t.get(`${D}/form/variable/list`, otherSchool, { processInsId: s.processInstanceId })
    expect(there.body.data.total).toBe(0)
    expect((await t.get(`${D}/form/variable/detail`, otherSchool, { id: done.id })).status).toBe(404)

    // Removing a record is an administrator's.
    expect((await t.post(`${D}/form/variable/remove`, teacherToken, { ids: done.id })).status).toBe(403)
    expect((await t.post(`${D}/form/variable/remove`, admin, { ids: done.id })).status).toBe(200)
    expect(await rowsOf(s.processInstanceId)).toHaveLength(2)
  })
})
