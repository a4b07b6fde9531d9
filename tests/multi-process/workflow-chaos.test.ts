import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { turn } from '../../server/modules/workflow/engine/runtime.ts'
import { signIn, until } from '../support/processes.ts'
import {
  applianceQuery,
  freePorts,
  spawnServer,
  stopChild,
  type ServerPorts,
  type ServerProcess,
} from '../support/server-process.ts'

/**
 * Issue #28's chaos test on the real appliance (server/main.ts): USERS managers, each with leave requests to
 * approve, and the administrator as the principal (claim, then complete) work their lists over HTTP while the server
 * is killed with SIGKILL and started again on the same database, KILLS times. At every kill, with the server dead,
 * each running instance's open tasks are exactly what its saved state waits in; afterwards every acknowledged (200)
 * completion is in the tables once, no task, history row or version was applied twice, and every instance finished.
 */
const USERS = 50
const PER_USER = 4
const KILLS = 3
const P = '/api/blade-workflow/process'

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-wf-chaos-'))
if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))

let ports: ServerPorts
let server: ServerProcess
const start = async () => {
  server = await spawnServer({ dataDir, ports, startMs: 60_000 })
}
const q = <Row = Record<string, any>>(text: string, params: unknown[] = []) =>
  applianceQuery<Row>(dataDir, text, params)

/** One JSON call; a dead server (connection refused or reset) answers status 0. */
async function call(method: 'GET' | 'POST', path: string, token: string, o: { query?: object; body?: unknown } = {}) {
  const u = new URL(server.url + path)
  for (const [k, v] of Object.entries(o.query ?? {})) u.searchParams.set(k, String(v))
  try {
    const res = await fetch(u, {
      method,
      headers: {
        'blade-auth': `bearer ${token}`,
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    })
    return { status: res.status, body: (await res.json()) as any }
  } catch {
    return { status: 0, body: null }
  }
}

interface Person {
  account: string
  userId: string
  token: string
}
let admin: Person
const staff: Person[] = []
/** Instances started (their ids) and, per instance, whether the leave has the principal's step (over 3 days). */
const instances = new Map<string, { long: boolean }>()

beforeAll(async () => {
  ports = await freePorts()
  await start()
  const adminToken = await signIn(server, 'admin')
  admin = {
    account: 'admin',
    token: adminToken,
    userId: (await q(`SELECT id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`))[0].id,
  }
  const [role] = await q(
    `SELECT id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'manager' AND is_deleted = 0`,
  )
  for (let i = 0; i < USERS; i++) {
    const account = `chaos${i}`
    const made = await call('POST', '/api/blade-system/user/submit', adminToken, {
      body: { account, realName: `审批人${i}`, roleId: role.id, password: md5Hex(account) },
    })
    expect(made.status).toBe(200)
  }
  // One at a time: a burst of sign-ins is answered 429 (the password hash's queue), which is not what this tests.
  for (let i = 0; i < USERS; i++) {
    const account = `chaos${i}`
    const [row] = await q(`SELECT id FROM blade_user WHERE tenant_id = '000000' AND account = ?`, [account])
    staff.push({ account, userId: row.id, token: await signIn(server, account) })
  }
  // Each one applies for leave PER_USER times with the next one as the manager; every third is over three days.
  await Promise.all(
    staff.map(async (p, i) => {
      for (let k = 0; k < PER_USER; k++) {
        const days = (i * PER_USER + k) % 3 === 0 ? 5 : 2
        const r = await call('POST', '/api/blade-desk/process/leave/start-process', p.token, {
          body: {
            taskUser: staff[(i + 1) % USERS].userId,
            days,
            reason: `混沌测试 ${i}-${k}`,
            startTime: '2026-12-01 08:00:00',
            endTime: '2026-12-05 18:00:00',
          },
        })
        expect(r.status).toBe(200)
        instances.set(r.body.data.processInstanceId, { long: days > 3 })
      }
    }),
  )
}, 300_000)

afterAll(async () => {
  if (server) await stopChild(server.child)
  rmSync(dataDir, { recursive: true, force: true })
})

interface Ack {
  taskId: string
  by: string
}

/** Each running instance's open task rows against the executions its saved state waits in (read with the server dead). */
async function stuck(): Promise<string[]> {
  const running = await q<{ id: string; definition_id: string; state: string; xml: string }>(
    `SELECT i.id, i.definition_id, i.state, d.xml FROM blade_wf_instance i JOIN blade_wf_deployment d ON d.id = i.definition_id WHERE i.status = 'running' AND i.id IN (${[...instances.keys()].map(() => '?').join(',')})`,
    [...instances.keys()],
  )
  const open = await q<{ instance_id: string; execution_id: string }>(
    `SELECT instance_id, execution_id FROM blade_wf_task WHERE status = 'todo'`,
  )
  const vars = await q<{ instance_id: string; name: string; value: string }>(
    `SELECT instance_id, name, value FROM blade_wf_variable`,
  )
  const out: string[] = []
  for (const i of running) {
    const v = Object.fromEntries(vars.filter((x) => x.instance_id === i.id).map((x) => [x.name, JSON.parse(x.value)]))
    const t = await turn(i.definition_id, i.xml, i.state, v)
    const waits = t.waits.map((w) => w.executionId).sort()
    const tasks = open
      .filter((o) => o.instance_id === i.id)
      .map((o) => o.execution_id)
      .sort()
    if (JSON.stringify(waits) !== JSON.stringify(tasks)) out.push(`${i.id}: state waits ${waits}, open tasks ${tasks}`)
  }
  return out
}

describe('workflow under kill -9 (issue #28 chaos)', () => {
  it(`${USERS} users complete their tasks while the server is killed ${KILLS} times: nothing lost, nothing twice, nothing stuck`, async () => {
    const acks: Ack[] = []
    const total = instances.size + [...instances.values()].filter((x) => x.long).length
    const answered = new Map<number, number>()
    const note = (status: number) => answered.set(status, (answered.get(status) ?? 0) + 1)
    let managersDone = 0
    /** Completions sent and not yet answered: what a kill cuts off. */
    let inFlight = 0
    const complete = async (p: Person, taskId: string, comment: string) => {
      inFlight++
      const r = await call('POST', `${P}/completeTask`, p.token, { body: { taskId, pass: true, comment } })
      inFlight--
      note(r.status)
      if (r.status === 200) acks.push({ taskId, by: p.userId })
      return r.status
    }
    const pause = () => new Promise((r) => setTimeout(r, 50 + Math.random() * 100))

    /** A manager: its to-do list, each task completed, until the list is empty (it only shrinks: starts are over). */
    async function manager(p: Person) {
      for (;;) {
        const todo = await call('GET', `${P}/todoList`, p.token, { query: { current: 1, size: 20 } })
        note(todo.status)
        if (todo.status !== 200) {
          await pause()
          continue
        }
        if (!todo.body.data.records.length) break
        for (const task of todo.body.data.records) {
          if ((await complete(p, task.taskId, `${p.account} 同意`)) === 0) await pause()
        }
      }
      managersDone++
    }

    /** The principal: claims what the long leaves bring and completes it, until the managers are done and nothing is left. */
    async function principal() {
      for (;;) {
        const claim = await call('GET', `${P}/claimList`, admin.token, { query: { current: 1, size: 20 } })
        const todo = await call('GET', `${P}/todoList`, admin.token, { query: { current: 1, size: 20 } })
        note(claim.status)
        note(todo.status)
        if (claim.status !== 200 || todo.status !== 200) {
          await pause()
          continue
        }
        const mine = todo.body.data.records.filter((t: any) => instances.has(t.processInstanceId))
        const open = claim.body.data.records.filter((t: any) => instances.has(t.processInstanceId))
        if (!mine.length && !open.length) {
          if (managersDone === USERS) break
          await pause()
          continue
        }
        for (const task of open)
          note((await call('POST', `${P}/claimTask`, admin.token, { body: { taskId: task.taskId } })).status)
        for (const task of mine) await complete(admin, task.taskId, '校长同意')
      }
    }

    /** Kills the server when a share of the work was acknowledged, checks nothing is stuck, starts it again. */
    const snapshots: string[][] = []
    const cut: number[] = []
    async function chaos() {
      for (let k = 1; k <= KILLS; k++) {
        await until(() => acks.length >= (total * k) / (KILLS + 1), 240_000)
        cut.push(inFlight)
        await stopChild(server.child, 'SIGKILL')
        snapshots.push(await stuck())
        await start()
      }
    }

    await Promise.all([...staff.map(manager), principal(), chaos()])

    // The kills landed on completions in flight (whether each was committed before the kill is what the rest checks).
    expect(cut.some((n) => n > 0)).toBe(true)
    expect(snapshots).toEqual(Array.from({ length: KILLS }, () => []))
    // Every request was answered as a working server answers: done, or the task already done (a retry of a
    // completion the kill cut off), or no server at all.
    expect([...answered.keys()].filter((s) => ![0, 200, 409].includes(s))).toEqual([])

    const ids = [...instances.keys()]
    const marks = ids.map(() => '?').join(',')
    const tasks = await q<{
      id: string
      instance_id: string
      task_key: string
      status: string
      action: string
      assignee: string
    }>(
      `SELECT id, instance_id, task_key, status, action, assignee FROM blade_wf_task WHERE instance_id IN (${marks})`,
      ids,
    )
    const history = await q<{
      instance_id: string
      activity_id: string
      activity_type: string
      task_id: string | null
      end_time: string | null
      action: string | null
    }>(
      `SELECT instance_id, activity_id, activity_type, task_id, end_time, action FROM blade_wf_history WHERE instance_id IN (${marks})`,
      ids,
    )
    const rows = await q<{ id: string; status: string; version: number }>(
      `SELECT id, status, version FROM blade_wf_instance WHERE id IN (${marks})`,
      ids,
    )

    // Every acknowledged completion is there: its task done by whoever was answered 200, its history row ended.
    const byId = new Map(tasks.map((t) => [t.id, t]))
    expect(new Set(acks.map((a) => a.taskId)).size).toBe(acks.length)
    for (const a of acks) {
      expect(byId.get(a.taskId)).toMatchObject({ status: 'done', action: 'complete', assignee: a.by })
      const h = history.filter((x) => x.task_id === a.taskId && x.activity_type === 'userTask')
      expect(h).toHaveLength(1)
      expect(h[0]).toMatchObject({ action: 'complete' })
      expect(h[0].end_time).toBeTruthy()
    }
    // Nothing twice, nothing stuck: each instance finished, one manager task and (over three days) one principal
    // task, each with one history row; every node and flow of its path once; its version moved once per completion.
    for (const inst of rows) {
      const mine = tasks.filter((t) => t.instance_id === inst.id)
      const long = instances.get(inst.id)!.long
      expect(inst.status).toBe('finished')
      expect(mine.map((t) => `${t.task_key}:${t.status}`).sort()).toEqual(
        long ? ['managerApproval:done', 'principalApproval:done'] : ['managerApproval:done'],
      )
      expect(Number(inst.version)).toBe(1 + mine.length)
      const h = history.filter((x) => x.instance_id === inst.id && x.activity_type !== 'action')
      const path = h.map((x) => x.activity_id).sort()
      expect(path).toEqual(
        (long
          ? [
              'apply',
              'toManager',
              'managerApproval',
              'toCheck',
              'checkDays',
              'toPrincipal',
              'principalApproval',
              'principalToEnd',
              'end',
            ]
          : ['apply', 'toManager', 'managerApproval', 'toCheck', 'checkDays', 'toEnd', 'end']
        ).sort(),
      )
    }
    expect(rows).toHaveLength(instances.size)
    // Most completions were acknowledged; the few whose answer a kill cut off are done all the same (checked above).
    expect(acks.length).toBeGreaterThan(total - KILLS * (USERS + 1))
  }, 600_000)
})
