import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment, labHost, userContainer } from '../../../db/schema/index.ts'
import { first } from '../../lib/rows.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../tests/support/docker.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { makeTlsCerts, startTlsDockerProxy, type TlsDockerProxy } from '../../../tests/support/tls-docker-proxy.ts'
import { HOST_LABEL } from './engine/fleet.ts'
import { unseal } from '../../lib/sealed.ts'
import { listHosts } from './engine/lab-hosts.ts'
import { makeCtx, systemActor } from '../../lib/context.ts'

/**
 * A lab host over TCP+TLS (issue #27), with real certificates from `openssl` and a real TLS endpoint that checks
 * client certificates and leads to the suites' engine: the platform administrator lists it with its CA,
 * certificate and key, a learner's lab runs there (a command and a file through it), and a wrong client
 * certificate or CA shows the host unreachable saying which, with no lab placed on it.
 */

const BASE = '/api/hm-labHost/labHost'
const E = '/api/hm-experiment/experiment'
const P = '/api/nep-wbp/experiment'

describeDocker('a lab host over TCP+TLS', async () => {
  const t = await testApp()
  const labs = t.services.labs
  cleanUpAfter(() => labs.applianceId)
  const certs = makeTlsCerts()
  // The middle line of the client key: what would show if any answer carried the key.
  const keyLine = certs.clientKey.split('\n')[1]!
  let proxy: TlsDockerProxy
  let platform: string, school: string, student: string, expId: string, hostId: string

  beforeAll(async () => {
    proxy = await startTlsDockerProxy(certs)
    platform = await t.token('admin')
    school = await t.token('admin', 'admin', '100001')
    student = await t.token('student')
    expId = (await first(t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!.id
  })
  afterAll(async () => {
    await proxy?.stop()
  })

  const list = async (lang: 'zh' | 'en' = 'zh') => {
    const r = await t.call('GET', `${BASE}/list`, { token: platform, lang })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.records as Record<string, any>[]
  }
  const byName = async (name: string, lang: 'zh' | 'en' = 'zh') => (await list(lang)).find((h) => h.name === name)!

  it('the platform administrator lists it with CA, certificate and key: up with its version; the key is never answered', async () => {
    const r = await t.post(`${BASE}/submit`, platform, {
      name: 'tls',
      endpoint: proxy.endpoint,
      maxLabs: 2,
      tlsCa: certs.ca,
      tlsCert: certs.clientCert,
      tlsKey: certs.clientKey,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(JSON.stringify(r.body)).not.toContain(keyLine)
    hostId = r.body.data.id

    const row = await byName('tls')
    expect(row).toMatchObject({ id: hostId, listed: true, state: 'up', problem: '', places: '0 / 2', tlsKeySet: 1 })
    expect(row.version).toBe((await engine().version()).Version)
    expect(proxy.accepted()).toBeGreaterThan(0)
    const detail = await t.get(`${BASE}/detail`, platform, { id: hostId })
    expect(detail.body.data).toMatchObject({ name: 'tls', state: 'up', tlsKeySet: 1 })
    expect(detail.body.data).not.toHaveProperty('tlsKey')
    for (const answer of [JSON.stringify(await list()), JSON.stringify(detail.body)])
      expect(answer).not.toContain(keyLine)

    // The CLI's list masks it; at rest it is sealed, opened only with the data directory's secret.
    const cli = await listHosts(makeCtx(t.services.db, systemActor('000000')), labs.fleet)
    expect(cli.find((h) => h.name === 'tls')).toMatchObject({ state: 'up', tls: true, tlsKey: '******', problem: '' })
    expect(JSON.stringify(cli)).not.toContain(keyLine)
    const stored = (await first(t.services.db.select().from(labHost).where(eq(labHost.id, hostId))))!
    expect(stored.tlsKey).not.toContain(keyLine)
    expect(unseal(t.services.jwtSecret, stored.tlsKey!)).toBe(certs.clientKey)
  })

  it('a wrong client certificate or a wrong CA: unreachable, saying which to check, in Chinese and English', async () => {
    // More room than the good host: were they reachable, new labs would go there first.
    for (const [name, tls] of [
      ['rogue-cert', { tlsCa: certs.ca, tlsCert: certs.rogueCert, tlsKey: certs.rogueKey }],
      ['wrong-ca', { tlsCa: certs.rogueCa, tlsCert: certs.clientCert, tlsKey: certs.clientKey }],
    ] as const) {
      const r = await t.post(`${BASE}/submit`, platform, { name, endpoint: proxy.endpoint, maxLabs: 50, ...tls })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    const en = await list('en')
    const rogue = en.find((h) => h.name === 'rogue-cert')!
    expect(rogue).toMatchObject({ state: 'down', version: null, free: 50 })
    expect(rogue.downSince).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(rogue.problem).toContain("the lab host refused this appliance's TLS client certificate")
    const wrongCa = en.find((h) => h.name === 'wrong-ca')!
    expect(wrongCa).toMatchObject({ state: 'down', version: null })
    expect(wrongCa.problem).toContain("the lab host's certificate is not trusted by the CA certificate given")
    expect(en.find((h) => h.name === 'tls')).toMatchObject({ state: 'up', problem: '' })

    expect((await byName('rogue-cert', 'zh')).problem).toContain('实验主机拒绝了本设备的 TLS 客户端证书')
    expect((await byName('wrong-ca', 'zh')).problem).toContain('实验主机的证书不受所填 CA 证书信任')
    // The probe's own state is written to the rows, so every process and screen sees them down.
    const rows = await t.services.db.select().from(labHost)
    expect(Object.fromEntries(rows.map((h) => [h.name, h.state]))).toMatchObject({
      tls: 'up',
      'rogue-cert': 'down',
      'wrong-ca': 'down',
    })
  })

  it("a learner's lab runs on the TLS engine, never on the unreachable ones: a command and a file go through it", async () => {
    const open = await t.get(`${E}/openExperimentToContainer`, student, { experimentId: expId })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    const { id: labId, containerId } = open.body.data
    const row = (await first(t.services.db.select().from(userContainer).where(eq(userContainer.id, labId))))!
    expect(row.host).toBe('tls')
    // The container is on that engine, labelled with its host (what the engine's reconcile goes by).
    const seen = await engine().getContainer(containerId).inspect()
    expect(seen.State.Running).toBe(true)
    expect(seen.Config.Labels[HOST_LABEL]).toBe('tls')

    // A command in the lab: the fleet routes it to the host, over a TLS connection the engine's CA accepted.
    const before = proxy.accepted()
    const ran = await labs.host.run(containerId, [
      'sh',
      '-c',
      'echo $((6 * 7)) > /workspace/answer && cat /workspace/answer',
    ])
    expect(ran).toMatchObject({ code: 0, output: expect.stringContaining('42') })
    expect(proxy.accepted()).toBeGreaterThan(before)

    // A file round trip through the learner's pages.
    const form = new FormData()
    form.set('experimentId', expId)
    form.set('file', new File(['over TLS\n经由 TLS\n'], 'notes.txt'))
    const auth = { 'blade-auth': `bearer ${student}` }
    const up = await t.app.handle(
      new Request(`http://localhost${P}/uploadContainerFile`, { method: 'POST', headers: auth, body: form }),
    )
    expect(up.status).toBe(200)
    const down = await t.app.handle(
      new Request(`http://localhost${P}/getContainerFile?experimentId=${expId}&path=notes.txt`, { headers: auth }),
    )
    expect(down.status).toBe(200)
    expect(await down.text()).toBe('over TLS\n经由 TLS\n')
    const files = await t.get(`${E}/openExperimentToFile`, student, { experimentId: expId })
    expect(files.body.data.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['notes.txt', 'answer']),
    )

    const hosts = await list()
    expect(hosts.find((h) => h.name === 'tls')).toMatchObject({ running: 1, places: '1 / 2' })
    for (const name of ['rogue-cert', 'wrong-ca'])
      expect(hosts.find((h) => h.name === name)).toMatchObject({ running: 0 })

    const stop = await t.post('/api/hm-userContainer/userContainer/stop', platform, undefined, { ids: labId })
    expect(stop.status, JSON.stringify(stop.body)).toBe(200)
    expect(stop.body.data.stopped).toBe(1)
    await expect(engine().getContainer(containerId).inspect()).rejects.toMatchObject({ statusCode: 404 })
    expect((await byName('tls')).running).toBe(0)
  })

  it("a school's administrator can neither list, read nor add lab hosts (403)", async () => {
    expect((await t.get(`${BASE}/list`, school)).status).toBe(403)
    expect((await t.get(`${BASE}/page`, school)).status).toBe(403)
    expect((await t.get(`${BASE}/detail`, school, { id: hostId })).status).toBe(403)
    const add = await t.post(`${BASE}/submit`, school, {
      name: 'school-own',
      endpoint: proxy.endpoint,
      tlsCa: certs.ca,
      tlsCert: certs.clientCert,
      tlsKey: certs.clientKey,
    })
    expect(add.status).toBe(403)
    expect((await t.services.db.select().from(labHost).where(eq(labHost.name, 'school-own'))).length).toBe(0)
  })
})
