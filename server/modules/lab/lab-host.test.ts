import { first } from '../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { labHost } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter } from '../../../tests/support/docker.ts'
import { schoolExperiments } from '../../../tests/support/lab-school.ts'
import { describeTwoEngines } from '../../../tests/support/second-engine.ts'
import { unseal } from '../../lib/sealed.ts'

/**
 * The platform administrator's lab hosts over HTTP (issue #27, `/api/hm-labHost/labHost`), on two real engines:
 * the suites' own (DOCKER_HOST, the local engine) and a second dockerd this suite starts. The list carries each
 * engine's live state from the fleet; writes follow the CLI's rules; schools and teachers are refused.
 */

const BASE = '/api/hm-labHost/labHost'
const KEY = '-----BEGIN PRIVATE KEY-----\nnot-a-real-key-bytes\n-----END PRIVATE KEY-----'

await describeTwoEngines('lab hosts over HTTP (platform administrator)', async (engine2) => {
  const t = await testApp()
  cleanUpAfter(() => t.services.labs.applianceId)
  let platform: string, school: string, teacher: string, hostId: string, experimentIds: string[]

  beforeAll(async () => {
    platform = await t.token('admin')
    school = await t.token('admin', 'admin', '100001')
    teacher = await t.token('teacher')
    ;({ experimentIds } = await schoolExperiments((p, tok, b) => t.post(p, tok, b), school, 1))
  })

  afterAll(async () => {
    await engine2.stop()
    engine2.clean()
  })

  const list = async () => {
    const r = await t.get(`${BASE}/list`, platform)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.records as Record<string, unknown>[]
  }

  it('lists the local engine with its live state while no host is listed', async () => {
    const rows = await list()
    expect(rows).toEqual([
      expect.objectContaining({ id: 'local', name: 'local', listed: false, state: 'up', running: 0 }),
    ])
    expect(rows[0]!.version).toMatch(/\d/)
    const searched = await t.get(`${BASE}/list`, platform, { name: 'nothing-like-it' })
    expect(searched.body.data).toMatchObject({ total: 0, records: [] })
  })

  it('adds a second real engine: reachable, with its version and places; the key sealed and never answered', async () => {
    const r = await t.post(`${BASE}/submit`, platform, {
      name: 'second',
      endpoint: `unix://${engine2.socket}`,
      maxLabs: 3,
      tlsKey: KEY,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(JSON.stringify(r.body)).not.toContain('not-a-real-key')
    hostId = r.body.data.id
    const stored = (await first(t.services.db.select().from(labHost).where(eq(labHost.id, hostId))))!
    expect(unseal(t.services.jwtSecret, stored.tlsKey!)).toBe(KEY)

    const rows = await list()
    // With a host listed and enabled, the local engine takes no new lab and (running none) is not shown.
    expect(rows).toEqual([
      expect.objectContaining({
        id: hostId,
        name: 'second',
        listed: true,
        state: 'up',
        running: 0,
        maxLabs: 3,
        places: '0 / 3',
        free: 3,
        tlsKeySet: 1,
      }),
    ])
    expect(rows[0]!.version).toMatch(/\d/)
    const detail = await t.get(`${BASE}/detail`, platform, { id: hostId })
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ name: 'second', state: 'up', tlsKeySet: 1 })
    expect(JSON.stringify(detail.body)).not.toContain('not-a-real-key')
    expect(detail.body.data).not.toHaveProperty('tlsKey')

    // An edit without a key keeps the stored one; the name stays what labs and containers recorded.
    // The probe's columns and the enabled flag are not the form's to write: sent anyway, they change nothing.
    const edit = await t.post(`${BASE}/submit`, platform, {
      id: hostId,
      maxLabs: 4,
      tlsKey: '',
      state: 'down',
      enabled: 0,
      downSince: '2026-01-01 00:00:00',
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect((await list())[0]).toMatchObject({ name: 'second', state: 'up', maxLabs: 4, downSince: null })
    expect(
      unseal(
        t.services.jwtSecret,
        (await first(t.services.db.select().from(labHost).where(eq(labHost.id, hostId))))!.tlsKey!,
      ),
    ).toBe(KEY)
    const rename = await t.call('POST', `${BASE}/submit`, { token: platform, body: { id: hostId, name: 'other' } })
    expect(rename).toMatchObject({ status: 400, body: { field: 'name' } })
    const twice = await t.post(`${BASE}/submit`, platform, { name: 'second', endpoint: 'unix:///tmp/x.sock' })
    expect(twice.status).toBe(409)
  })

  it('a bad endpoint, name or max is a 400 naming the field, in Chinese and English', async () => {
    const bad = (body: Record<string, unknown>, lang: 'zh' | 'en') =>
      t.call('POST', `${BASE}/submit`, { token: platform, body, lang })
    const zh = await bad({ name: 'x', endpoint: 'http://example.com' }, 'zh')
    expect(zh).toMatchObject({ status: 400, body: { field: 'endpoint' } })
    expect(zh.body.msg).toContain('地址须为')
    const en = await bad({ name: 'x', endpoint: 'tcp://host-without-port' }, 'en')
    expect(en).toMatchObject({ status: 400, body: { field: 'endpoint' } })
    expect(en.body.msg).toContain('the endpoint must be')
    expect(await bad({ name: 'local', endpoint: 'unix:///x' }, 'en')).toMatchObject({ body: { field: 'name' } })
    expect(await bad({ name: 'y', endpoint: 'unix:///x', maxLabs: -1 }, 'en')).toMatchObject({
      status: 400,
      body: { field: 'maxLabs' },
    })
    expect(await bad({ endpoint: 'ssh://lab@10.0.0.9' }, 'zh')).toMatchObject({ status: 400, body: { field: 'name' } })
  })

  it('a new lab goes to the listed engine; a host running labs cannot be removed (409 saying so)', async () => {
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', school, {
      experimentId: experimentIds[0],
    })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    expect((await list())[0]).toMatchObject({ name: 'second', running: 1, places: '1 / 4', free: 3 })
    const refused = await t.call('POST', `${BASE}/remove`, { token: platform, query: { ids: hostId }, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('the lab host second still runs 1 labs: disable it and let them end first')
    const zh = await t.call('POST', `${BASE}/remove`, { token: platform, query: { ids: hostId }, lang: 'zh' })
    expect(zh.body.msg).toContain('仍有 1 个运行中的实验')

    // Disabled: no new lab goes there, its lab carries on; with no host enabled the local engine takes labs again.
    expect((await t.post(`${BASE}/disable`, platform, undefined, { id: hostId })).status).toBe(200)
    const disabled = await list()
    expect(disabled.find((h) => h.name === 'second')).toMatchObject({ state: 'disabled', running: 1 })
    expect(disabled[0]).toMatchObject({ name: 'local', state: 'up', listed: false })
    expect(await t.services.labs.fleet.capacity()).toBe(disabled[0]!.maxLabs)
    expect((await t.post(`${BASE}/enable`, platform, undefined, { id: hostId })).status).toBe(200)
    expect((await list()).find((h) => h.name === 'second')).toMatchObject({ state: 'up' })
    expect(await t.services.labs.fleet.capacity()).toBe(4)

    const stop = await t.post('/api/hm-userContainer/userContainer/stop', school, { ids: open.body.data.id })
    expect(stop.status, JSON.stringify(stop.body)).toBe(200)
  })

  it('schools and teachers are refused every verb, and see no menu', async () => {
    for (const token of [school, teacher]) {
      expect((await t.get(`${BASE}/list`, token)).status).toBe(403)
      expect((await t.get(`${BASE}/detail`, token, { id: hostId })).status).toBe(403)
      expect((await t.post(`${BASE}/submit`, token, { name: 'z', endpoint: 'unix:///x' })).status).toBe(403)
      expect((await t.post(`${BASE}/disable`, token, undefined, { id: hostId })).status).toBe(403)
      expect((await t.post(`${BASE}/remove`, token, undefined, { ids: hostId })).status).toBe(403)
      const menus = await t.get('/api/blade-system/menu/routes', token)
      expect(JSON.stringify(menus.body)).not.toContain('/lab/host')
    }
    const menus = await t.get('/api/blade-system/menu/routes', platform)
    expect(JSON.stringify(menus.body)).toContain('/lab/host')
  })

  it('an engine going away shows unreachable with the time; once idle the host is removed and its name free', async () => {
    await engine2.stop()
    t.services.labs.fleet.forget('second')
    const down = (await list()).find((h) => h.name === 'second')!
    expect(down).toMatchObject({ state: 'down', version: null })
    expect(down.downSince).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const removed = await t.post(`${BASE}/remove`, platform, undefined, { ids: hostId })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await list()).map((h) => h.name)).toEqual(['local'])
    const again = await t.post(`${BASE}/submit`, platform, { name: 'second', endpoint: 'tcp://10.0.0.9:2376' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
  })
})
