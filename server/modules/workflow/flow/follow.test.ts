import { describe, expect, it } from 'vitest'
import { testApp } from '../../../../tests/support/harness.ts'
import { twoStep } from '../../../../tests/support/workflow-bpmn.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { deployDefinition } from '../engine/operations.ts'

const F = '/api/blade-flow'
const OPS = '/api/blade-workflow/ops'
const P = '/api/blade-workflow/process'

/** Process tracking lists what has not ended — suspended instances too, with their status — titled by the name. */
describe('blade-flow/follow: open instances and their titles', async () => {
  const t = await testApp()
  const admin = await t.signIn('admin')
  const manager = await t.signIn('manager')
  const teacher = await t.token('teacher')
  const dep = await withTransaction(t.services.db, (tx) =>
    deployDefinition(tx, { tenantId: '000000', xml: twoStep('follow1', '跟踪'), userId: admin.user_id }),
  )
  const start = async () =>
    (
      await t.post(`${P}/startProcess`, teacher, {
        processDefinitionId: dep.id,
        variables: { approver: manager.user_id },
      })
    ).body.data.processInstanceId as string
  const follow = async (q: Record<string, string> = {}) =>
    (await t.get(`${F}/follow/list`, admin.access_token, { processDefinitionKey: 'follow1', ...q })).body.data
      .records as any[]

  it("titles an instance with the definition's name and the initiator's name, not their account", async () => {
    const id = await start()
    expect((await follow({ processInstanceId: id }))[0]).toMatchObject({
      name: '跟踪 - 李老师',
      startUserName: '李老师',
    })
  })

  it('lists running and suspended instances with their status; ended ones only when asked for', async () => {
    const [running, suspended, ended] = [await start(), await start(), await start()]
    expect(
      (
        await t.post(`${OPS}/changeTaskStatus`, admin.access_token, {
          processInstanceId: suspended,
          status: 'suspended',
        })
      ).status,
    ).toBe(200)
    const todo = (await t.get(`${P}/todoList`, manager.access_token)).body.data.records as any[]
    const task = todo.find((r) => r.processInstanceId === ended)
    expect((await t.post(`${P}/completeTask`, manager.access_token, { taskId: task.taskId })).status).toBe(200)

    const rows = await follow()
    const status = (id: string) => rows.find((r) => r.processInstanceId === id)?.status
    expect([status(running), status(suspended), status(ended)]).toEqual(['running', 'suspended', undefined])
    expect((await follow({ status: 'suspended' })).map((r) => r.processInstanceId)).toEqual([suspended])
    expect((await follow({ status: 'finished' })).map((r) => r.processInstanceId)).toEqual([ended])
    expect((await t.get(`${F}/follow/list`, teacher)).status).toBe(403)
  })
})
