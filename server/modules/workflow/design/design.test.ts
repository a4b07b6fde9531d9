import { describe, expect, it } from 'vitest'
import { wfInstance, wfTask } from '../../../../db/schema/workflow.ts'
import { newId } from '../../../lib/ids.ts'
import { formatDateTime } from '../../../lib/time.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { twoStep } from '../../../../tests/support/workflow-bpmn.ts'

const D = '/api/blade-workflow/design'

describe('blade-workflow/design', async () => {
  const t = await testApp()
  const admin = await t.token('admin')

  it('models: CRUD, validation naming the field, the blank process and the key that never changes', async () => {
    const missing = await t.call('POST', `${D}/model/submit`, { token: admin, body: { modelKey: 'm_a' }, lang: 'en' })
    expect(missing).toMatchObject({ status: 400, body: { field: 'name' } })
    const badKey = await t.post(`${D}/model/submit`, admin, { modelKey: '1bad key', name: 'x' })
    expect(badKey).toMatchObject({ status: 400, body: { field: 'modelKey' } })
    const notXml = await t.post(`${D}/model/submit`, admin, { modelKey: 'm_a', name: 'A', xml: '<definitions' })
    expect(notXml).toMatchObject({ status: 400, body: { field: 'xml' } })
    const otherKey = await t.call('POST', `${D}/model/submit`, {
      token: admin,
      body: { modelKey: 'm_a', name: 'A', xml: twoStep('m_other') },
      lang: 'en',
    })
    expect(otherKey).toMatchObject({ status: 400, body: { field: 'xml' } })
    expect(otherKey.body.msg).toContain('m_other')

    const blank = await t.post(`${D}/model/submit`, admin, { modelKey: 'm_blank', name: '空白 & <模型>' })
    expect(blank.status).toBe(200)
    expect(blank.body.data).toMatchObject({ modelKey: 'm_blank', version: 1 })
    expect(blank.body.data.xml).toContain('id="m_blank"')
    expect(blank.body.data.xml).toContain('空白 &amp; &lt;模型&gt;')
    const id = blank.body.data.id
    expect((await t.post(`${D}/model/submit`, admin, { modelKey: 'm_blank', name: 'again' })).status).toBe(409)
    expect((await t.post(`${D}/model/submit`, admin, { id, modelKey: 'm_moved' })).body).toMatchObject({
      field: 'modelKey',
    })
    // The modeller sends the model back whole, its unchanged key included: the row does not clash with itself.
    const resent = await t.post(`${D}/model/submit`, admin, { ...blank.body.data, description: '说明' })
    expect(resent.status).toBe(200)
    expect(resent.body.data).toMatchObject({ id, modelKey: 'm_blank', description: '说明' })
    expect((await t.post(`${D}/model/submit`, admin, { id, modelKey: 'm_blank', name: '空白 & <模型>' })).status).toBe(
      200,
    )
    expect((await t.get(`${D}/model/list`, admin, { name: '空白' })).body.data.records.map((r: any) => r.id)).toEqual([
      id,
    ])
    expect((await t.post(`${D}/model/changeIcon`, admin, { id, icon: 'board' })).status).toBe(200)
    expect((await t.post(`${D}/model/changeCategory`, admin, { ids: id, category: '12345' })).body).toMatchObject({
      field: 'category',
    })
    const cat = (await t.post(`${D}/category/submit`, admin, { name: '人事' })).body.data.id
    expect((await t.post(`${D}/model/changeCategory`, admin, { ids: id, category: cat })).status).toBe(200)
    expect((await t.get(`${D}/model/detail`, admin, { id })).body.data).toMatchObject({
      icon: 'board',
      categoryId: cat,
    })
    // remove takes its ids in the body, as the modeller's screen sends them.
    expect((await t.post(`${D}/model/remove`, admin, { ids: id })).status).toBe(200)
    expect((await t.get(`${D}/model/detail`, admin, { id })).status).toBe(404)
  })

  it('model submit keeps versions; deploy numbers definitions, the latest is main; setMainVersion goes back', async () => {
    const first = await t.post(`${D}/model/submit`, admin, {
      modelKey: 'leave2',
      name: '两步请假',
      xml: twoStep('leave2'),
    })
    expect(first.status).toBe(200)
    const id = first.body.data.id
    const saved = await t.post(`${D}/model/submit`, admin, { id, xml: twoStep('leave2', '两步请假（改）') })
    expect(saved.body.data.version).toBe(2)
    const history = (await t.get(`${D}/model/history`, admin, { id })).body.data
    expect(history.records.map((r: any) => r.version)).toEqual([2, 1])
    expect(history.records[0].xml).toContain('两步请假（改）')

    const d1 = await t.post(`${D}/model/deploy`, admin, { id })
    expect(d1.status).toBe(200)
    expect(d1.body.data).toMatchObject({ processKey: 'leave2', version: 1 })
    const d2 = (await t.post(`${D}/model/deploy`, admin, { id })).body.data
    expect(d2).toMatchObject({ processKey: 'leave2', version: 2 })
    const list = async () =>
      (await t.get(`${D}/deployment/list`, admin, { processKey: 'leave2' })).body.data.records as any[]
    expect((await list()).map((r) => [r.version, r.mainVersion])).toEqual([
      [2, 1],
      [1, 0],
    ])
    expect((await list())[0].xml).toBeUndefined()
    // setMainVersion takes a saved version (the history's number): its XML becomes the model's current XML,
    // the deployments are untouched; the next save numbers after the newest saved version.
    expect((await t.post(`${D}/model/setMainVersion`, admin, { id, version: 7 })).body).toMatchObject({
      field: 'version',
    })
    expect((await t.post(`${D}/model/setMainVersion`, admin, { id, version: 1 })).body.data).toEqual({ id, version: 1 })
    const current = (await t.get(`${D}/model/detail`, admin, { id })).body.data
    expect(current).toMatchObject({ version: 1, xml: history.records[1].xml })
    expect((await list()).map((r) => [r.version, r.mainVersion])).toEqual([
      [2, 1],
      [1, 0],
    ])
    const again = await t.post(`${D}/model/submit`, admin, { id, xml: twoStep('leave2', '两步请假（三）') })
    expect(again.body.data.version).toBe(3)
    const numbers = (await t.get(`${D}/model/history`, admin, { id })).body.data.records.map((r: any) => r.version)
    expect(numbers).toEqual([3, 2, 1])

    // Suspend / activate, category, and removal handing "main" to the latest remaining version.
    const bad = await t.post(`${D}/deployment/changeStatus`, admin, { id: d1.body.data.id, status: 3 })
    expect(bad).toMatchObject({ status: 400, body: { field: 'status' } })
    expect((await t.post(`${D}/deployment/changeStatus`, admin, { id: d1.body.data.id, status: 2 })).status).toBe(200)
    expect((await list())[1].status).toBe(2)
    const cat = (await t.post(`${D}/category/submit`, admin, { name: '行政' })).body.data.id
    expect((await t.post(`${D}/deployment/changeCategory`, admin, { deploymentId: d2.id, category: cat })).status).toBe(
      200,
    )
    expect((await list())[0]).toMatchObject({ categoryId: cat, categoryName: '行政' })
    expect((await t.post(`${D}/deployment/remove`, admin, { deploymentId: 'nope:1:1' })).status).toBe(404)
    expect((await t.post(`${D}/deployment/remove`, admin, { deploymentId: d1.body.data.id })).status).toBe(200)
    expect((await list()).map((r) => [r.version, r.mainVersion])).toEqual([[2, 1]])
  })

  it('keeps schools apart and teachers out of design', async () => {
    const id = (await t.post(`${D}/model/submit`, admin, { modelKey: 'only_here', name: '本校' })).body.data.id
    await t.post(`${D}/model/deploy`, admin, { id })
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${D}/model/detail`, other, { id })).status).toBe(404)
    expect((await t.get(`${D}/model/list`, other)).body.data.total).toBe(0)
    expect((await t.get(`${D}/deployment/list`, other, { processKey: 'only_here' })).body.data.total).toBe(0)
    expect((await t.post(`${D}/model/deploy`, other, { id })).status).toBe(404)
    const teacher = await t.token('teacher')
    // The reference data: every staff role holds "My work"; the design menus stay the administrators'.
    const menus = JSON.stringify((await t.get('/api/blade-system/menu/routes', teacher)).body.data)
    expect(menus).toContain('/work/todo')
    expect(menus).not.toContain('/workflow/design/model')
    expect(JSON.stringify((await t.get('/api/blade-system/menu/routes', admin)).body.data)).toContain(
      '/workflow/design/model',
    )
    for (const [method, path] of [
      ['GET', `${D}/model/list`],
      ['POST', `${D}/model/submit`],
      ['POST', `${D}/model/deploy`],
      ['GET', `${D}/form/list`],
      ['GET', `${D}/deployment/list`],
      ['POST', `${D}/deployment/changeStatus`],
      ['GET', `${D}/category/list`],
      ['GET', `${D}/button/list`],
      ['GET', `${D}/condition/list`],
      ['GET', `${D}/statistics/index`],
    ])
      expect((await t.call(method, path, { token: teacher, body: method === 'POST' ? {} : undefined })).status).toBe(
        403,
      )
  })

  it('forms keep versions; conditions, buttons, default values and categories validate their fields', async () => {
    const bad = await t.post(`${D}/form/submit`, admin, { formKey: 'f_leave', name: '请假单', content: '{"a":1}' })
    expect(bad).toMatchObject({ status: 400, body: { field: 'content' } })
    const f = (
      await t.post(`${D}/form/submit`, admin, { formKey: 'f_leave', name: '请假单', content: '[{"prop":"days"}]' })
    ).body.data
    expect(f.version).toBe(1)
    const upd = await t.post(`${D}/form/update`, admin, { id: f.id, content: '[{"prop":"days"},{"prop":"reason"}]' })
    expect(upd.body.data.version).toBe(2)
    const versions = (await t.get(`${D}/form/history`, admin, { id: f.id })).body.data
    expect(versions.total).toBe(2)
    // Each version names who saved it, as a person: the screen showed the bare user id.
    expect(versions.records.map((r: any) => r.createUserName)).toEqual(['管理员', '管理员'])
    const demo = (await t.get(`${D}/form/list`, admin, { formKey: 'leave_form' })).body.data.records[0]
    const demoHistory = await t.call('GET', `${D}/form/history`, { token: admin, query: { id: demo.id }, lang: 'en' })
    expect(demoHistory.body.data.records[0].createUserName).toBe('System')
    expect((await t.post(`${D}/form/setMainVersion`, admin, { id: f.id, version: 1 })).status).toBe(200)
    expect((await t.get(`${D}/form/detail`, admin, { id: f.id })).body.data).toMatchObject({
      version: 1,
      content: '[{"prop":"days"}]',
    })
    // The next save numbers after the newest saved version, not after the one made main.
    expect((await t.post(`${D}/form/update`, admin, { id: f.id, content: '[]' })).body.data.version).toBe(3)
    const grouped = (await t.get(`${D}/form/listType`, admin)).body.data as any[]
    expect(grouped.flatMap((g) => g.children.map((c: any) => c.formKey))).toContain('f_leave')

    const cond = await t.post(`${D}/condition/submit`, admin, {
      name: '超过三天',
      type: 'condition',
      expression: 'days > 3',
    })
    expect(cond).toMatchObject({ status: 400, body: { field: 'expression' } })
    expect(
      (await t.post(`${D}/condition/submit`, admin, { name: '超过三天', type: 'condition', expression: '${days > 3}' }))
        .status,
    ).toBe(200)
    const types = (await t.call('GET', `${D}/condition/listType`, { token: admin, lang: 'en' })).body.data as any[]
    expect(types[0]).toMatchObject({ type: 'condition', name: 'Flow condition' })
    expect(types[0].children.map((c: any) => c.name)).toContain('超过三天')

    expect((await t.post(`${D}/button/submit`, admin, { name: '同意' })).body).toMatchObject({ field: 'buttonKey' })
    expect((await t.post(`${D}/button/submit`, admin, { buttonKey: 'wf_agree', name: '同意' })).status).toBe(200)
    expect((await t.post(`${D}/button/submit`, admin, { buttonKey: 'wf_agree', name: '再来' })).status).toBe(409)

    const dv = `${D}/form/default-values`
    expect((await t.post(`${dv}/submit`, admin, { name: '本人部门', type: 'dept' })).body).toMatchObject({
      field: 'content',
    })
    expect(
      (await t.post(`${dv}/submit`, admin, { name: '本人部门', type: 'dept', content: '${user.deptName}' })).status,
    ).toBe(200)
    const dept = ((await t.get(`${dv}/listType`, admin)).body.data as any[]).find((g) => g.type === 'dept')
    expect(dept.children.map((c: any) => c.name)).toContain('本人部门')

    const parent = (await t.post(`${D}/category/submit`, admin, { name: '教务' })).body.data.id
    await t.post(`${D}/category/submit`, admin, { name: '考试', parentId: parent })
    expect((await t.post(`${D}/category/submit`, admin, { name: '孤儿', parentId: '999' })).status).toBe(400)
    const all = (await t.get(`${D}/category/allTree`, admin)).body.data as any[]
    expect(all.find((c) => c.id === parent).children.map((c: any) => c.name)).toEqual(['考试'])
    expect(((await t.get(`${D}/category/tree`, admin)).body.data as any[]).some((n) => n.title === '教务')).toBe(true)
  })

  it("leave requests and drafts: validation, and a draft stays its owner's", async () => {
    const teacher = await t.token('teacher')
    const L = `${D}/process/leave`
    const early = await t.post(`${L}/submit`, teacher, {
      startTime: '2026-12-03 08:00:00',
      endTime: '2026-12-01 08:00:00',
      days: 2,
      reason: '探亲',
    })
    expect(early).toMatchObject({ status: 400, body: { field: 'endTime' } })
    expect((await t.post(`${L}/submit`, teacher, { startTime: '2026-12-01 08:00:00' })).body.field).toBe('endTime')
    const leave = await t.post(`${L}/submit`, teacher, {
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-03 08:00:00',
      days: 2,
      reason: '探亲',
    })
    expect(leave.status).toBe(200)
    const manager = await t.token('manager')
    expect((await t.get(`${L}/detail`, manager, { id: leave.body.data.id })).status).toBe(404)
    expect((await t.get(`${L}/detail`, admin, { id: leave.body.data.id })).status).toBe(200)

    const P = `${D}/process/draft`
    expect((await t.post(`${P}/submit`, teacher, { processDefinitionId: 'x:1:1', variables: '[1]' })).body.field).toBe(
      'variables',
    )
    const draft = await t.post(`${P}/submit`, teacher, { processDefinitionId: 'x:1:1', variables: '{"days":2}' })
    expect(draft.status).toBe(200)
    expect((await t.get(`${P}/detail`, teacher, { id: draft.body.data.id })).body.data.variables).toBe('{"days":2}')
    expect((await t.get(`${P}/detail`, admin, { id: draft.body.data.id })).status).toBe(404)
    expect((await t.get(`${P}/list`, manager)).body.data.total).toBe(0)

    const me = (await t.get(`${D}/process/user/detail`, teacher)).body.data
    expect(me).toMatchObject({ account: 'teacher', realName: '李老师', deptName: '计算机系' })
    expect(me.password).toBeUndefined()
    expect((await t.get(`${D}/process/user/detail`, await t.token('student'))).status).toBe(403)
  })

  it('statistics count started, finished and overdue per process and per month', async () => {
    // Runtime rows as the engine leaves them: three instances of one process, one finished, one task overdue.
    const month = formatDateTime().slice(0, 7)
    const at = `${month}-01 09:00:00`
    const db = t.services.db
    const ids = [newId(), newId(), newId()]
    for (const [i, id] of ids.entries())
      await db.insert(wfInstance).values({
        id,
        tenantId: '000000',
        definitionId: 'stat_p:1:1',
        processKey: 'stat_p',
        name: '统计流程',
        initiator: '1',
        status: i === 0 ? 'finished' : 'running',
        state: '{}',
        startTime: at,
        endTime: i === 0 ? at : null,
      })
    await db.insert(wfTask).values({
      id: newId(),
      tenantId: '000000',
      instanceId: ids[1],
      definitionId: 'stat_p:1:1',
      taskKey: 'approve',
      name: '审批',
      executionId: 'e1',
      status: 'todo',
      dueTime: '2000-01-01 00:00:00',
      createTime: at,
    })
    const idx = (await t.get(`${D}/statistics/index`, admin)).body.data
    expect(idx.processes.find((p: any) => p.processKey === 'stat_p')).toMatchObject({
      started: 3,
      running: 2,
      finished: 1,
      overdue: 1,
    })
    const bar = (await t.get(`${D}/statistics/bar`, admin, { months: 3 })).body.data
    expect(bar.months).toHaveLength(3)
    expect(bar.months[2]).toBe(month)
    expect(bar.started[2]).toBeGreaterThanOrEqual(3)
    expect(bar.finished[2]).toBeGreaterThanOrEqual(1)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${D}/statistics/index`, other)).body.data.total.started).toBe(0)
  })
})
