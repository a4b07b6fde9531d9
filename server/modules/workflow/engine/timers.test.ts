import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { job, message, messageRecipient, wfHistory, wfInstance, wfTask } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { startJobRunner } from '../../../lib/jobs.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import * as ops from './operations.ts'
import { DUE_JOB, TIMER_JOB, type TimerPayload } from './timer-jobs.ts'
import { fireTimer, remindOverdue, useWorkflowTimers } from './timers.ts'
import { seededPeople } from '../../../../tests/support/people.ts'

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const BUN = process.versions.bun ? process.execPath : `${ROOT}node_modules/.bin/bun`

const timer = (v: string) => `<timerEventDefinition><timeDuration>${v}</timeDuration></timerEventDefinition>`

/**
 * approve (the manager) → wait (an intermediate timer, when given) → end. On approve: an interrupting `deadline`
 * leading to `escalate` (the initiator's task), a non-interrupting `remind`, and a Flowable dueDate — each when given.
 */
function definition(key: string, o: { deadline?: string; remind?: string; wait?: string; dueDate?: string }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://atrium.local/test">
  <process id="${key}" name="定时 ${key}" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批" flowable:assignee="\${taskUser}"${o.dueDate ? ` flowable:dueDate="${o.dueDate}"` : ''} />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="${o.wait ? 'wait' : 'end'}" />
    ${o.wait ? `<intermediateCatchEvent id="wait" name="等待">${timer(o.wait)}</intermediateCatchEvent><sequenceFlow id="f3" sourceRef="wait" targetRef="end" />` : ''}
    <endEvent id="end" />
    ${o.deadline ? `<boundaryEvent id="deadline" name="期限" attachedToRef="approve">${timer(o.deadline)}</boundaryEvent><sequenceFlow id="f4" sourceRef="deadline" targetRef="escalate" /><userTask id="escalate" name="超时处理" flowable:assignee="\${initiator}" /><sequenceFlow id="f5" sourceRef="escalate" targetRef="end" />` : ''}
    ${o.remind ? `<boundaryEvent id="remind" name="提醒" attachedToRef="approve" cancelActivity="false">${timer(o.remind)}</boundaryEvent><sequenceFlow id="f6" sourceRef="remind" targetRef="reminded" /><endEvent id="reminded" />` : ''}
  </process>
</definitions>`
}

const until = async (what: string, check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('durable workflow timers', async () => {
  const t = await testApp()
  const db = t.services.db
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  const deploy = (xml: string) =>
    withTransaction(db, (tx) => ops.deployDefinition(tx, { tenantId: '000000', xml, userId: teacher.actor.userId }))
  const start = (key: string) =>
    ops.startProcess(teacher, { processDefinitionKey: key, variables: { taskUser: manager.actor.userId } })
  const tasks = (instanceId: string) =>
    db.select().from(wfTask).where(eq(wfTask.instanceId, instanceId)).orderBy(asc(wfTask.id))
  const actions = async (instanceId: string) =>
    (
      await db
        .select()
        .from(wfHistory)
        .where(and(eq(wfHistory.instanceId, instanceId), eq(wfHistory.activityType, 'action')))
        .orderBy(asc(wfHistory.id))
    ).map((h) => `${h.activityId}:${h.action}`)
  const timerJobs = (instanceId: string) =>
    db
      .select()
      .from(job)
      .where(and(eq(job.kind, TIMER_JOB), eq(job.ref, instanceId)))
  const inbox = (userId: string) =>
    db
      .select({ title: message.title, content: message.content })
      .from(messageRecipient)
      .innerJoin(message, eq(message.id, messageRecipient.messageId))
      .where(eq(messageRecipient.userId, userId))

  await deploy(definition('tDeadline', { deadline: 'PT1S' }))
  await deploy(definition('tRemind', { remind: 'PT1S', deadline: 'P1D' }))
  await deploy(definition('tLater', { deadline: 'PT3S' }))
  await deploy(definition('tWait', { wait: 'PT1S' }))
  await deploy(definition('tDue', { dueDate: 'PT1S' }))
  await deploy(definition('tRestart', { deadline: 'PT2S' }))
  await deploy(definition('tSuspend', { deadline: 'P1D' }))
  await deploy(definition('tLag', { deadline: 'PT1S' }))
  await deploy(
    definition('tCycle', { remind: 'R2/PT1S', deadline: 'P1D' }).replace(
      '<timeDuration>R2/PT1S</timeDuration>',
      '<timeCycle>R2/PT1S</timeCycle>',
    ),
  )

  useWorkflowTimers(t.services)
  const runner = startJobRunner(t.services, { kinds: [TIMER_JOB, DUE_JOB], pollMs: 100 })
  afterAll(() => runner.stop())

  it('a deadline ends the task (timeout) and the process takes the timer’s way', async () => {
    const s = await start('tDeadline')
    const [armed] = await timerJobs(s.processInstanceId)
    const payload = JSON.parse(armed.payload) as TimerPayload
    expect(payload).toMatchObject({ instanceId: s.processInstanceId, activityId: 'deadline' })
    expect(armed.runAfter).toBeGreaterThan(Date.now() - 1000)
    await until('the deadline', async () => (await tasks(s.processInstanceId)).some((x) => x.taskKey === 'escalate'))
    const rows = await tasks(s.processInstanceId)
    expect(rows.find((x) => x.taskKey === 'approve')).toMatchObject({ status: 'cancelled', action: 'timeout' })
    expect(rows.find((x) => x.taskKey === 'escalate')).toMatchObject({
      status: 'todo',
      assignee: teacher.actor.userId,
    })
    expect(await actions(s.processInstanceId)).toEqual(['deadline:timeout'])
    const nodes = await db.select().from(wfHistory).where(eq(wfHistory.instanceId, s.processInstanceId))
    expect(nodes.find((h) => h.activityId === 'deadline')).toMatchObject({ activityType: 'boundaryEvent' })
    // The job ran once; running it again (a retry after a crash) finds the timer no longer waiting.
    await until('the job’s end', async () => (await timerJobs(s.processInstanceId))[0].state === 'done')
    expect(await fireTimer(db, '000000', payload)).toBe('gone')
    expect((await tasks(s.processInstanceId)).filter((x) => x.taskKey === 'escalate')).toHaveLength(1)
  })

  it('a reminder leaves the task open and urges its assignee through the message bell', async () => {
    const s = await start('tRemind')
    expect(await timerJobs(s.processInstanceId)).toHaveLength(2)
    await until('the reminder', async () => (await actions(s.processInstanceId)).includes('remind:remind'))
    const [task] = await tasks(s.processInstanceId)
    expect(task).toMatchObject({ taskKey: 'approve', status: 'todo', assignee: manager.actor.userId })
    expect(await actions(s.processInstanceId)).toEqual(['remind:remind', 'approve:remind'])
    const mail = (await inbox(manager.actor.userId)).filter((m) => m.title.includes('定时 tRemind'))
    expect(mail).toHaveLength(1)
    expect(mail[0].content).toContain('审批')
    // The deadline (a day away) still waits; the task can be completed as ever, and its timers then do nothing.
    await ops.completeTask(manager, { taskId: task.id })
    const deadline = (await timerJobs(s.processInstanceId)).find((j) => j.payload.includes('"deadline"'))!
    expect(await fireTimer(db, '000000', JSON.parse(deadline.payload) as TimerPayload)).toBe('gone')
    expect((await db.select().from(wfInstance).where(eq(wfInstance.id, s.processInstanceId)))[0].status).toBe(
      'finished',
    )
  })

  it('a repeating reminder (timeCycle R2/PT1S) urges twice, each time as its own durable job, and the task stays open', async () => {
    const s = await start('tCycle')
    await until('both reminders', async () => (await actions(s.processInstanceId)).length === 4)
    expect(await actions(s.processInstanceId)).toEqual([
      'remind:remind',
      'approve:remind',
      'remind:remind',
      'approve:remind',
    ])
    const reminders = (await timerJobs(s.processInstanceId)).filter((j) => j.payload.includes('"remind"'))
    expect(reminders.map((j) => j.state)).toEqual(['done', 'done'])
    const [first, second] = reminders.map((j) => JSON.parse(j.payload) as TimerPayload)
    expect(second.timerId).not.toBe(first.timerId)
    expect(second.due).toBeGreaterThan(first.due)
    expect((await inbox(manager.actor.userId)).filter((m) => m.title.includes('定时 tCycle'))).toHaveLength(2)
    const [task] = await tasks(s.processInstanceId)
    expect(task).toMatchObject({ taskKey: 'approve', status: 'todo' })
    // The second was the last of R2: nothing more is armed, and the work goes on as ever.
    await ops.completeTask(manager, { taskId: task.id })
    expect((await db.select().from(wfInstance).where(eq(wfInstance.id, s.processInstanceId)))[0].status).toBe(
      'finished',
    )
  })

  it('a task completed before its deadline: the timer does nothing', async () => {
    const s = await start('tLater')
    await ops.completeTask(manager, { taskId: s.taskIds[0] })
    await until('the due job', async () => (await timerJobs(s.processInstanceId))[0].state === 'done', 10_000)
    expect(await actions(s.processInstanceId)).toEqual([])
    const rows = await tasks(s.processInstanceId)
    expect(rows.map((x) => [x.taskKey, x.status, x.action])).toEqual([['approve', 'done', 'complete']])
  })

  it('an intermediate timer holds the process, then moves it on', async () => {
    const s = await start('tWait')
    await ops.completeTask(manager, { taskId: s.taskIds[0] })
    const inst = async () => (await db.select().from(wfInstance).where(eq(wfInstance.id, s.processInstanceId)))[0]
    expect((await inst()).status).toBe('running')
    await until('the intermediate timer', async () => (await inst()).status === 'finished')
    expect(await actions(s.processInstanceId)).toEqual(['wait:timeout'])
  })

  it('two runs of one timer at once: the version check lets one fire', async () => {
    const s = await start('tRestart')
    const payload = JSON.parse((await timerJobs(s.processInstanceId))[0].payload) as TimerPayload
    const runs = await Promise.all([fireTimer(db, '000000', payload), fireTimer(db, '000000', payload)])
    expect(runs.sort()).toEqual(['fired', 'gone'])
    expect(await actions(s.processInstanceId)).toEqual(['deadline:timeout'])
    expect((await tasks(s.processInstanceId)).filter((x) => x.taskKey === 'escalate')).toHaveLength(1)
  })

  it('a suspended instance’s timer waits (its job looks again later) and fires once the instance is active', async () => {
    const s = await start('tSuspend')
    const payload = JSON.parse((await timerJobs(s.processInstanceId))[0].payload) as TimerPayload
    await ops.changeTaskStatus(t.system(), { processInstanceId: s.processInstanceId, status: 'suspended' })
    expect(await fireTimer(db, '000000', payload)).toBe('later')
    const again = (await timerJobs(s.processInstanceId)).filter((j) => j.state === 'queued')
    expect(again.map((j) => JSON.parse(j.payload) as TimerPayload)).toEqual([payload, payload])
    expect(Math.max(...again.map((j) => j.runAfter))).toBeGreaterThan(Date.now() + 30_000)
    expect(await actions(s.processInstanceId)).toEqual(['tSuspend:suspend'])
    await ops.changeTaskStatus(t.system(), { processInstanceId: s.processInstanceId, status: 'active' })
    expect(await fireTimer(db, '000000', payload)).toBe('fired')
    expect(await actions(s.processInstanceId)).toEqual(['tSuspend:suspend', 'tSuspend:activate', 'deadline:timeout'])
  })

  it('a Flowable dueDate (a duration) is stored as a time and urges the assignee once when it passes', async () => {
    const s = await start('tDue')
    const [task] = await tasks(s.processInstanceId)
    expect(task.dueTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    await until('the overdue reminder', async () => (await actions(s.processInstanceId)).includes('approve:overdue'))
    expect(await remindOverdue(db, '000000', task.id)).toBe('gone')
    expect(await actions(s.processInstanceId)).toEqual(['approve:overdue'])
    const mail = (await inbox(manager.actor.userId)).filter((m) => m.title.includes('定时 tDue'))
    expect(mail).toHaveLength(1)
    expect(mail[0].content).toContain(task.dueTime!)
  })

  it('deploys the timers it runs and refuses the others with a 400 naming xml', async () => {
    const refused = async (xml: string, key: string) =>
      expect(deploy(xml)).rejects.toMatchObject({ status: 400, field: 'xml', key })
    const base = definition('bad', { deadline: 'PT1H' })
    await refused(base.replace('PT1H', 'PT1X'), 'workflow.timerBad')
    // A cycle repeats a reminder; on a deadline (interrupting) or an intermediate event it would fire once.
    await refused(
      base.replace('<timeDuration>PT1H</timeDuration>', '<timeCycle>R3/PT1H</timeCycle>'),
      'workflow.timerCycle',
    )
    const reminder = definition('badRemind', { remind: 'R3/PT1H' }).replace(/timeDuration/g, 'timeCycle')
    await refused(reminder.replace('R3/PT1H', 'R3/PT1X'), 'workflow.timerBad')
    await refused(reminder.replace('R3/PT1H', 'PT1H'), 'workflow.timerBad')
    await refused(base.replace('<timeDuration>PT1H</timeDuration>', ''), 'workflow.timerValue')
    await refused(base.replace('<timeDuration>PT1H</timeDuration>', '<timeDate>PT1H</timeDate>'), 'workflow.timerBad')
    await refused(
      base.replace('<timeDuration>PT1H</timeDuration>', '<timeDuration>${days +}</timeDuration>'),
      'workflow.expression',
    )
    await refused(
      base.replace('<startEvent id="start" />', `<startEvent id="start">${timer('PT1H')}</startEvent>`),
      'workflow.timerPlace',
    )
    // A date, an expression and a Flowable dueDate deploy.
    const date = definition('okDate', { deadline: 'PT1H' }).replace(
      '<timeDuration>PT1H</timeDuration>',
      '<timeDate>2030-01-01T08:00:00</timeDate>',
    )
    expect((await deploy(date)).processKey).toBe('okDate')
    expect((await deploy(definition('okExpr', { wait: '${delay}', dueDate: 'P2D' }))).processKey).toBe('okExpr')
  })

  it('a timer due while the appliance was down fires once after it starts', async () => {
    // The appliance (this process's runner) sets the timer and stops before it is due (two seconds) …
    const s = await start('tRestart')
    await runner.stop()
    const child = (...args: string[]) => {
      const run = spawnSync(BUN, ['server/modules/workflow/engine/timers-restart.child.ts', ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          ATRIUM_DATA_DIR: t.dataDir,
          ATRIUM_WEB_DIST: `${t.dataDir}/no-web`,
          ...(t.services.config.databaseUrl ? { ATRIUM_DATABASE_URL: t.services.config.databaseUrl } : {}),
        },
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(run.stderr).toBe('')
      return JSON.parse(run.stdout.trim().split('\n').pop()!) as { due: number }
    }
    expect(await actions(s.processInstanceId)).toEqual([])
    // … stays down past it, then a new process starts: the timer fires once.
    const [armed] = await timerJobs(s.processInstanceId)
    await new Promise((r) => setTimeout(r, Math.max(0, armed.runAfter - Date.now() + 200)))
    expect(child('60000', 'until-idle')).toEqual({ due: 0 })
    expect(await actions(s.processInstanceId)).toEqual(['deadline:timeout'])
    // Another restart finds nothing left to fire.
    child('1000')
    expect(await actions(s.processInstanceId)).toEqual(['deadline:timeout'])
    const rows = await tasks(s.processInstanceId)
    expect(rows.map((x) => [x.taskKey, x.status])).toEqual([
      ['approve', 'cancelled'],
      ['escalate', 'todo'],
    ])
  }, 150_000)

  it('an overdue timer whose job has not run yet waits for it: another operation does not fire it', async () => {
    // No runner any more (the test above stopped it): the deadline passes unnoticed.
    const s = await start('tLag')
    await new Promise((r) => setTimeout(r, 1300))
    await ops.completeTask(manager, { taskId: s.taskIds[0] })
    expect((await tasks(s.processInstanceId)).map((x) => [x.taskKey, x.status, x.action])).toEqual([
      ['approve', 'done', 'complete'],
    ])
    const payload = JSON.parse((await timerJobs(s.processInstanceId))[0].payload) as TimerPayload
    expect(await fireTimer(db, '000000', payload)).toBe('gone')
    expect(await actions(s.processInstanceId)).toEqual([])
  })
})
