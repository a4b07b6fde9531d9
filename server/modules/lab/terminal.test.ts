import { first } from '../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { experiment, role } from '../../../db/schema/index.ts'
import { md5Hex } from '../auth/password.ts'
import { createApp } from '../../app.ts'
import { Labs } from './engine/service.ts'
import { reconcile } from './engine/reconcile.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker } from '../../../tests/support/docker.ts'

/** A terminal client as the page speaks it: JSON frames, output collected as text. */
class Term {
  out = ''
  hello?: { session: string; readOnly: boolean; replay: string }
  exit?: string
  closeCode?: number
  private ws: WebSocket
  readonly opened: Promise<void>
  constructor(url: string, auth: Record<string, unknown>) {
    this.ws = new WebSocket(url)
    this.opened = new Promise((ok) =>
      this.ws.addEventListener('open', () => {
        this.ws.send(JSON.stringify({ t: 'auth', cols: 80, rows: 24, ...auth }))
        ok()
      }),
    )
    this.ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data))
      if (m.t === 'hello') this.hello = m
      else if (m.t === 'o') this.out += m.d
      else if (m.t === 'exit') this.exit = m.reason
    })
    this.ws.addEventListener('close', (e) => {
      this.closeCode = e.code
    })
  }
  send(d: string) {
    this.ws.send(JSON.stringify({ t: 'i', d }))
  }
  resize(cols: number, rows: number) {
    this.ws.send(JSON.stringify({ t: 'r', cols, rows }))
  }
  close() {
    this.ws.close()
  }
  /** Waits for the shell's prompt before typing, as a learner does: keys sent while ash is still starting can be lost. */
  async prompt() {
    await this.until(() => !!this.hello && /\$ /.test(this.out), 'prompt')
  }
  // Generous: under a loaded CI run (both engines at once on two cores) a new exec takes seconds to start.
  async until(test: () => boolean, what: string, ms = 15000) {
    const deadline = Date.now() + ms
    while (!test()) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}; output so far: ${JSON.stringify(this.out.slice(-300))} exit=${this.exit} code=${this.closeCode}`,
        )
      await new Promise((r) => setTimeout(r, 20))
    }
  }
}

describeDocker('lab terminal over a WebSocket', async () => {
  const t = await testApp()
  cleanUpAfter(() => t.services.labs.applianceId)
  let server: ReturnType<ReturnType<typeof createApp>['listen']>
  let url: string, student: string, admin: string, otherLearner: string, labId: string, expId: string

  beforeAll(async () => {
    server = createApp(t.services).listen({ port: 0, hostname: '127.0.0.1' })
    url = `ws://127.0.0.1:${server.server!.port}/api/hm-experiment/experiment/terminal`
    student = await t.token('student')
    admin = await t.token('admin')
    const studentRole = (await first(
      t.services.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.roleAlias, 'student'), eq(role.tenantId, '000000'))),
    ))!.id
    expect(
      (
        await t.post('/api/blade-system/user/submit', admin, {
          account: 'learner2',
          realName: '另一位同学',
          roleId: studentRole,
          password: md5Hex('learner2'),
        })
      ).status,
    ).toBe(200)
    otherLearner = await t.token('learner2')
    expId = (await first(t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!.id
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', student, {
      experimentId: expId,
    })
    expect(open.status).toBe(200)
    labId = open.body.data.id
  })
  afterAll(async () => {
    await server?.stop(true)
  })

  it('the owner types `echo hello` and sees hello; resize reaches the shell', async () => {
    const term = new Term(url, { token: student, lab: labId })
    await term.prompt()
    expect(term.hello!.readOnly).toBe(false)
    term.send('echo hello\n')
    await term.until(() => /\r?\nhello\r?\n/.test(term.out), 'hello')
    term.resize(120, 40)
    await new Promise((r) => setTimeout(r, 100))
    term.send('stty size\n')
    await term.until(() => term.out.includes('40 120'), 'stty size')
    term.close()
  })

  it('a tab that drops reconnects to the same shell and gets its scrollback', async () => {
    const a = new Term(url, { token: student, lab: labId })
    await a.prompt()
    a.send('X=forty-two; echo marker-$X\n')
    await a.until(() => a.out.includes('marker-forty-two'), 'marker')
    const session = a.hello!.session
    a.close()
    await new Promise((r) => setTimeout(r, 200))
    const b = new Term(url, { token: student, lab: labId, session })
    await b.until(() => !!b.hello, 'hello again')
    expect(b.hello!.session).toBe(session)
    expect(b.hello!.replay).toContain('marker-forty-two')
    b.send('echo again-$X\n')
    await b.until(() => b.out.includes('again-forty-two'), 'same shell')
    b.close()
  })

  it('another learner cannot attach; no token, no terminal', async () => {
    const stranger = new Term(url, { token: otherLearner, lab: labId })
    await stranger.until(() => stranger.closeCode !== undefined, 'refusal')
    expect([stranger.exit, stranger.closeCode]).toEqual(['forbidden', 4403])
    const anon = new Term(url, { lab: labId })
    await anon.until(() => anon.closeCode !== undefined, 'refusal')
    expect([anon.exit, anon.closeCode]).toEqual(['unauthorized', 4401])
  })

  it('staff watch read-only: they see the learner typing and their keys are ignored', async () => {
    const owner = new Term(url, { token: student, lab: labId })
    await owner.until(() => !!owner.hello, 'owner hello')
    const staff = new Term(url, { token: admin, lab: labId, observe: true })
    await staff.until(() => !!staff.hello, 'observer hello')
    expect(staff.hello!.readOnly).toBe(true)
    staff.send('touch /workspace/from-staff\n')
    owner.send('echo watched-line\n')
    await staff.until(() => staff.out.includes('watched-line'), 'observer sees output')
    const { containerId } = (
      await t.get('/api/hm-experiment/experiment/getConteiner', student, { experimentId: expId })
    ).body.data
    const ls = await t.services.labs.host.run(containerId, ['ls', '/workspace'])
    expect(ls.output).not.toContain('from-staff')
    owner.close()
    staff.close()
  })

  it('after a server restart the container is kept and the learner reattaches', async () => {
    const before = (await t.get('/api/hm-experiment/experiment/getConteiner', student, { experimentId: expId })).body
      .data
    await server.stop(true)
    await t.services.labs.stop()
    // The next start: a new lab service over the same data, reconciled from labels, and a new HTTP server.
    const labs = new Labs(
      t.services.db,
      t.services.log,
      t.services.jwtSecret,
      t.services.labs.host,
      t.services.labs.settings,
    )
    await reconcile(labs)
    const services = { ...t.services, id: crypto.randomUUID(), labs }
    server = createApp(services).listen({ port: 0, hostname: '127.0.0.1' })
    const again = new Term(`ws://127.0.0.1:${server.server!.port}/api/hm-experiment/experiment/terminal`, {
      token: student,
      lab: before.id,
    })
    await again.until(() => !!again.hello, 'hello after restart')
    again.send('echo back-$((40+2))\n')
    await again.until(() => again.out.includes('back-42'), 'shell after restart')
    again.close()
  })
})
