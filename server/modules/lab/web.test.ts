import { first } from '../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { role, session, userContainer } from '../../../db/schema/index.ts'
import { md5Hex } from '../auth/password.ts'
import { createApp } from '../../app.ts'
import { LAB_CSP, relocate, scopeCookie } from './engine/web-proxy.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../tests/support/docker.ts'
import { ensureWebLabImage, WEB_LAB_IMAGE } from '../../../tests/support/lab-image.ts'

/**
 * Web labs through the appliance's reverse proxy, on the real engine (started
 * with --bridge none): busybox httpd and a shell WebSocket server in the lab,
 * reached on the lab's private internal network, never on a host port.
 */
describeDocker('web labs through the authenticated proxy', async () => {
  const t = await testApp()
  cleanUpAfter(() => t.services.labs.applianceId)
  let server: ReturnType<ReturnType<typeof createApp>['listen']>
  let base: string, student: string, admin: string, other: string
  let labId: string, containerId: string, url: string, wsLabUrl: string, terminalExp: string

  /** An environment serving on `port`, an experiment on it, the student enrolled; answers the experiment id. */
  const webExperiment = async (title: string, port: number) => {
    const img = await t.post('/api/hm-images/images/submit', admin, {
      title,
      imageId: WEB_LAB_IMAGE,
      service: 'web',
      webPort: port,
    })
    expect(img.status).toBe(200)
    const exp = await t.post('/api/hm-experiment/experiment/submit', admin, {
      title,
      imagesName: img.body.data.id,
      status: 1,
    })
    expect(exp.status).toBe(200)
    expect(
      (await t.post('/api/nep-wbp/experimentUser/signUp', student, { experimentId: exp.body.data.id })).status,
    ).toBe(200)
    return exp.body.data.id as string
  }
  const openLab = async (experimentId: string) => {
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', student, { experimentId })
    expect(open.status).toBe(200)
    return open.body.data as { id: string; containerId: string; service: string }
  }
  const webUrl = async (id: string, token: string) => t.get('/api/hm-experiment/experiment/webUrl', token, { id })
  /** Fetches through the proxy until the app answers (httpd starts a moment after the container). */
  const until = async (path: string, init: RequestInit = {}) => {
    for (let i = 0; ; i++) {
      const res = await fetch(base + path, { redirect: 'manual', ...init })
      if (res.status !== 502 || i > 50) return res
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  beforeAll(async () => {
    expect((await ensureWebLabImage()).ok).toBe(true)
    server = createApp(t.services).listen({ port: 0, hostname: '127.0.0.1' })
    base = `http://127.0.0.1:${server.server!.port}`
    student = await t.token('student')
    admin = await t.token('admin')
    const studentRole = (await first(
      t.services.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.roleAlias, 'student'), eq(role.tenantId, '000000'))),
    ))!.id
    await t.post('/api/blade-system/user/submit', admin, {
      account: 'learner3',
      realName: '第三位同学',
      roleId: studentRole,
      password: md5Hex('learner3'),
    })
    other = await t.token('learner3')
    const lab = await openLab(await webExperiment('网页实验', 8000))
    expect(lab.service).toBe('web')
    ;({ id: labId, containerId } = lab)
    const r = await webUrl(labId, student)
    expect(r.status).toBe(200)
    url = r.body.data.url
    wsLabUrl = ''
    terminalExp = ''
  })
  afterAll(async () => {
    await server?.stop(true)
  })

  it('the lab gets a private internal network and no host port; the engine runs with no default bridge', async () => {
    const info = await engine().getContainer(containerId).inspect()
    const nets = Object.keys(info.NetworkSettings.Networks)
    expect(nets).toHaveLength(1)
    expect(nets[0]).toMatch(/^atrium-net-/)
    const net = await engine().getNetwork(nets[0]).inspect()
    expect(net.Internal).toBe(true)
    // A /29 cut from ATRIUM_LABS_SUBNET, not one of the engine's ~30 default pools.
    expect(net.IPAM!.Config![0].Subnet).toMatch(/^10\.213\.\d+\.\d+\/29$/)
    expect(info.HostConfig.PortBindings ?? {}).toEqual({})
    expect(Object.keys(info.NetworkSettings.Ports ?? {}).filter((p) => info.NetworkSettings.Ports[p])).toEqual([])
    expect(info.HostConfig.ReadonlyRootfs).toBe(true)
    expect(info.HostConfig.CapDrop).toEqual(['ALL'])
  })

  it("the owner's page, sandboxed: the app's page comes through the proxy", async () => {
    expect(url).toMatch(new RegExp(`^/lab-proxy/${labId}/[^/]+/$`))
    const res = await until(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Hello from the lab')
    expect(res.headers.get('content-security-policy')).toBe(LAB_CSP)
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    // Without the slash the relative links would escape the prefix: it is added.
    const bare = await fetch(base + url.slice(0, -1), { redirect: 'manual' })
    expect([bare.status, bare.headers.get('location')]).toEqual([301, url])
  })

  it("a redirect stays inside the prefix; POST bodies and queries reach the app; the appliance's secrets do not", async () => {
    const sub = await until(`${url}sub`)
    expect([sub.status, sub.headers.get('location')]).toEqual([302, `${url}sub/`])
    expect(await (await until(`${url}sub/`)).text()).toContain('inside a folder')
    const echo = await until(`${url}cgi-bin/echo?x=1`, {
      method: 'POST',
      body: 'form=data',
      headers: {
        'blade-auth': `bearer ${student}`,
        cookie: 'atrium-refresh=secret; theme=dark',
        'content-type': 'application/x-www-form-urlencoded',
      },
    })
    const text = await echo.text()
    expect(text).toContain('POST x=1')
    expect(text).toContain(`prefix=${url}`)
    expect(text).toContain('cookie=theme=dark auth=\n')
    expect(text).toContain('form=data')
    expect(text).not.toContain('secret')
    // The app's cookie is pinned to its own prefix.
    expect(echo.headers.get('set-cookie')).toBe(`labsid=1; Path=${url}; HttpOnly`)
  })

  it('another learner, a forged or expired ticket, a signed-out session: refused', async () => {
    expect((await webUrl(labId, other)).status).toBe(404)
    const [, , lab, ticket] = url.split('/')
    const [sid, exp, watch, sig] = ticket.split('.')
    const forged = `/lab-proxy/${lab}/${sid}.${exp}.w.${sig}/`
    expect((await fetch(base + forged)).status).toBe(403)
    expect(watch).toBe('o')
    const otherLab = String(BigInt(lab) + 1n)
    expect((await fetch(`${base}/lab-proxy/${otherLab}/${ticket}/`)).status).toBe(403)
    expect((await fetch(`${base}/lab-proxy/${lab}/${sid}.1.o.${sig}/`)).status).toBe(403)

    // The learner signs out: the session's tickets die with it.
    const sessionId = sid
    const fresh = await t.token('student')
    const r = await webUrl(labId, fresh)
    await t.services.db.update(session).set({ revoked: 1 }).where(eq(session.id, sessionId))
    const gone = await fetch(base + url)
    expect(gone.status).toBe(401)
    expect(await gone.text()).toContain('已失效')
    student = fresh
    url = r.body.data.url
    expect((await until(url)).status).toBe(200)
  })

  it('staff allowed to watch get their own ticket', async () => {
    const r = await webUrl(labId, admin)
    expect(r.status).toBe(200)
    expect(r.body.data.url).toMatch(/\.w\.[^/]+\/$/)
    expect(await (await until(r.body.data.url)).text()).toContain('Hello from the lab')
  })

  it('WebSocket: frames pass both ways, the path and query reach the app; a socket keeps the lab from idling', async () => {
    const lab = await openLab(await webExperiment('网页实验 WebSocket', 9000))
    const r = await webUrl(lab.id, student)
    wsLabUrl = r.body.data.url
    // The shell server listens a moment after the container starts: until then the proxy closes the socket.
    let ws: WebSocket | undefined
    const got: string[] = []
    for (let i = 0; i < 50 && !got.length; i++) {
      ws = new WebSocket(`${base.replace('http', 'ws')}${wsLabUrl}chat?room=1`)
      ws.addEventListener('message', (e) => got.push(String(e.data)))
      await new Promise((ok) => {
        ws!.addEventListener('close', ok)
        setTimeout(ok, 1000)
      })
    }
    expect(got).toEqual(['hello /chat?room=1'])
    expect(t.services.labs.web.attached(lab.id)).toBe(true)
    ws = ws!
    ws.send('ping from the browser')
    const inLab = async () => (await t.services.labs.host.run(lab.containerId, ['wc', '-c', '/tmp/ws.in'])).output
    // A masked client frame: 2 header bytes, 4 mask bytes, 21 payload bytes.
    for (let i = 0; i < 50 && !/^\s*27 /.test(await inLab()); i++) await new Promise((r) => setTimeout(r, 100))
    expect(await inLab()).toMatch(/^\s*27 /)
    // The staff stop ends the socket with the lab.
    const row = (await first(t.services.db.select().from(userContainer).where(eq(userContainer.id, lab.id))))!
    const closed = new Promise<number>((ok) => ws.addEventListener('close', (e) => ok(e.code)))
    expect((await t.post('/api/hm-userContainer/userContainer/stop', admin, {}, { ids: row.id })).status).toBe(200)
    expect(await closed).toBe(1001)
    expect(t.services.labs.web.attached(lab.id)).toBe(false)
    expect((await fetch(base + wsLabUrl)).status).toBe(404)
  })

  it('a terminal lab has no web app', async () => {
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', student, {
      experimentId: (await t.get('/api/nop-wbp/experiment/list', student)).body.data.records.find(
        (r: { title: string }) => r.title === 'Linux 命令行入门',
      ).id,
    })
    terminalExp = open.body.data.id
    const r = await webUrl(terminalExp, student)
    expect(r.status).toBe(409)
    expect(r.body.msg).toBe('该实验没有网页服务')
  })

  it('links and cookies are rewritten into the prefix', () => {
    expect(relocate('/a?b', 'http://10.0.0.2:8000', '/lab-proxy/1/t')).toBe('/lab-proxy/1/t/a?b')
    expect(relocate('http://10.0.0.2:8000', 'http://10.0.0.2:8000', '/lab-proxy/1/t')).toBe('/lab-proxy/1/t/')
    expect(relocate('https://example.org/x', 'http://10.0.0.2:8000', '/p')).toBe('https://example.org/x')
    expect(relocate('//evil/x', 'http://10.0.0.2:8000', '/p')).toBe('//evil/x')
    expect(scopeCookie('a=1; Domain=example.org; Path=/; Secure', '/p/')).toBe('a=1; Path=/p/; Secure')
    expect(scopeCookie('atrium-refresh=x; Path=/', '/p/')).toBeNull()
  })
})
