/**
 * A lab terminal's socket lives as long as the sign-in it was opened with:
 * signing out closes it, so nothing typed afterwards reaches the shell.
 * Real Docker, a real listening app, a real WebSocket.
 */
import { first } from '../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment } from '../../../db/schema/index.ts'
import { createApp } from '../../app.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker } from '../../../tests/support/docker.ts'

/** Waits for a condition (the machine is busy: no fixed sleeps), failing with what was awaited. */
async function until(test: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describeDocker('lab terminal and the sign-in behind it', async () => {
  const t = await testApp()
  cleanUpAfter(() => t.services.labs.applianceId)
  let server: ReturnType<ReturnType<typeof createApp>['listen']>
  let url: string, labId: string

  beforeAll(async () => {
    server = createApp(t.services).listen({ port: 0, hostname: '127.0.0.1' })
    url = `ws://127.0.0.1:${server.server!.port}/api/hm-experiment/experiment/terminal`
    const student = await t.token('student')
    const expId = (await first(
      t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门')),
    ))!.id
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', student, {
      experimentId: expId,
    })
    expect(open.status).toBe(200)
    labId = open.body.data.id
  })
  afterAll(async () => {
    await server?.stop(true)
    await t.services.labs.stop()
  })

  /** A terminal tab: authenticates in its first frame, collects output, remembers how it ended. */
  function tab(token: string, onHello?: string) {
    const ws = new WebSocket(url)
    const st = { out: '', hello: false, exit: '', code: 0 }
    const type = (d: string) => ws.send(JSON.stringify({ t: 'i', d }))
    ws.addEventListener('open', () => ws.send(JSON.stringify({ t: 'auth', token, lab: labId, cols: 80, rows: 24 })))
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data))
      if (m.t === 'hello') {
        st.hello = true
        if (onHello) type(onHello)
      } else if (m.t === 'o') st.out += m.d
      else if (m.t === 'exit') st.exit = m.reason
    })
    ws.addEventListener('close', (e) => (st.code = e.code))
    return { ws, st, type }
  }

  it('keys typed the moment the tab is greeted reach the shell', async () => {
    const a = tab(await t.token('student'), 'echo greeted-$((40+4))\n')
    await until(() => a.st.out.includes('greeted-44'), 'the keys typed on hello to be answered')
    a.ws.close()
  })

  it('signing out closes the terminal (4401 session-ended); another sign-in’s tab stays', async () => {
    const signedOut = await t.token('student')
    const other = await t.token('student')
    const a = tab(signedOut)
    const b = tab(other)
    await until(() => a.st.hello && b.st.hello, 'both tabs attached')
    a.type('echo before-$((40+2))\n')
    await until(() => a.st.out.includes('before-42'), 'the shell to answer')

    expect((await t.get('/api/blade-auth/oauth/logout', signedOut)).status).toBe(200)
    await until(() => a.st.code !== 0, 'the signed-out tab to close')
    expect([a.st.exit, a.st.code]).toEqual(['session-ended', 4401])

    // The other sign-in still types into its shell.
    b.type('echo after-$((40+3))\n')
    await until(() => b.st.out.includes('after-43'), 'the other tab to answer')
    expect(b.st.code).toBe(0)
    b.ws.close()
  })
})
