import { first } from '../../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import Docker from 'dockerode'
import { and, eq } from 'drizzle-orm'
import { labHost, userContainer } from '../../../../db/schema/index.ts'
import { makeCtx, systemActor } from '../../../lib/context.ts'
import { dockerSocket } from '../../../lib/config.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { cleanUpAfter, removeApplianceObjects } from '../../../../tests/support/docker.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { describeTwoEngines } from '../../../../tests/support/second-engine.ts'
import { dockerLabHost } from './docker.ts'
import { HOST_LABEL } from './fleet.ts'
import type { LabEndedPush } from './host-watch.ts'
import { addHost, listHosts, removeHost, setHostEnabled } from './lab-hosts.ts'
import { reconcile } from './reconcile.ts'
import { Labs } from './service.ts'
import { unseal } from '../../../lib/sealed.ts'

/**
 * Issue #27 on two real engines: the one of the suites (DOCKER_HOST) and a second dockerd this suite starts on
 * its own socket. Labs are placed by free capacity, each engine's labs are found again by their labels after a
 * restart, and stopping the second engine marks it down and, after the grace, ends its labs with learners told.
 */

await describeTwoEngines('labs on several Docker engines', async (engine2) => {
  const t = await testApp()
  const labs = t.services.labs
  const platform = makeCtx(t.services.db, systemActor('000000'))
  const told: { userId: string; push: LabEndedPush }[] = []
  cleanUpAfter(() => labs.applianceId)
  let school: string, experimentIds: string[]

  beforeAll(async () => {
    labs.tell = (userId, push) => void told.push({ userId, push })
    school = await t.token('admin', 'admin', '100001')
    ;({ experimentIds } = await schoolExperiments((p, tok, b) => t.post(p, tok, b), school, 3))
    await addHost(platform, labs.fleet, t.services.jwtSecret, {
      name: 'one',
      endpoint: `unix://${dockerSocket()}`,
      maxLabs: 2,
    })
    await addHost(platform, labs.fleet, t.services.jwtSecret, {
      name: 'two',
      endpoint: `unix://${engine2.socket}`,
      maxLabs: 2,
      tlsKey: '-----BEGIN PRIVATE KEY-----\nnot a real key\n-----END PRIVATE KEY-----',
    })
  })

  afterAll(async () => {
    await engine2.stop()
    engine2.clean()
  })

  const open = (id: string) =>
    t.get('/api/hm-experiment/experiment/openExperimentToContainer', school, { experimentId: id })
  const rowOf = async (id: string) =>
    (await first(t.services.db.select().from(userContainer).where(eq(userContainer.id, id))))!

  it('keeps keys sealed at rest and masked in the list; only the platform administrator manages hosts', async () => {
    const stored = (await first(t.services.db.select().from(labHost).where(eq(labHost.name, 'two'))))!
    expect(stored.tlsKey).not.toContain('not a real key')
    expect(unseal(t.services.jwtSecret, stored.tlsKey!)).toContain('not a real key')
    const hosts = await listHosts(platform, labs.fleet)
    expect(hosts.map((h) => [h.name, h.state, h.tlsKey])).toEqual([
      ['one', 'up', ''],
      ['two', 'up', '******'],
    ])
    const schoolAdmin = makeCtx(t.services.db, systemActor('100001'))
    await expect(listHosts(schoolAdmin, labs.fleet)).rejects.toMatchObject({ status: 403 })
  })

  it('places each new lab on the reachable engine with the most free places', async () => {
    const hosts: string[] = []
    for (const id of experimentIds) {
      const r = await open(id)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const row = await rowOf(r.body.data.id)
      hosts.push(row.host!)
      const engine = dockerLabHost(row.host === 'two' ? engine2.socket : dockerSocket())
      const info = await engine.inspect(row.containerId!)
      expect(info?.running).toBe(true)
      expect(info?.labels[HOST_LABEL]).toBe(row.host)
    }
    // 2 + 2 places: one, then two (one has 1 running), then one again (1 and 1, the first by name).
    expect(hosts).toEqual(['one', 'two', 'one'])
    const status = await listHosts(platform, labs.fleet)
    expect(status.map((h) => [h.name, h.running])).toEqual([
      ['one', 2],
      ['two', 1],
    ])
  })

  it('a disabled host takes no new lab; a host with labs cannot be removed', async () => {
    await setHostEnabled(platform, labs.fleet, 'two', false)
    expect(await labs.fleet.capacity()).toBe(2)
    await expect(removeHost(platform, labs.fleet, 'two')).rejects.toMatchObject({ status: 409 })
    await setHostEnabled(platform, labs.fleet, 'two', true)
    expect(await labs.fleet.capacity()).toBe(4)
  })

  it("after a restart each engine's labs are found again by their labels (a stopped one started again)", async () => {
    const onTwo = (await first(
      t.services.db
        .select()
        .from(userContainer)
        .where(and(eq(userContainer.host, 'two'), eq(userContainer.state, 'running'))),
    ))!
    // The second engine's container stops (as after a reboot of its machine).
    const two = dockerLabHost(engine2.socket)
    await new Docker({ socketPath: engine2.socket }).getContainer(onTwo.containerId!).stop({ t: 0 })
    const restarted = new Labs(t.services.db, t.services.log, t.services.jwtSecret, dockerLabHost())
    const r = await reconcile(restarted)
    expect(r.kept).toBe(3)
    expect((await two.inspect(onTwo.containerId!))?.running).toBe(true)
    const running = await t.services.db.select().from(userContainer).where(eq(userContainer.state, 'running'))
    expect(running.filter((x) => x.tenantId === '100001')).toHaveLength(3)
  })

  it('stopping the second engine shows it down, then (after the grace) its labs end as host-lost and learners are told', async () => {
    const onTwo = await t.services.db
      .select()
      .from(userContainer)
      .where(and(eq(userContainer.host, 'two'), eq(userContainer.state, 'running')))
    expect(onTwo).toHaveLength(1)
    await engine2.stop()
    labs.fleet.forget('two')
    labs.settings.hostGraceSeconds = 1
    await labs.reapOnce()
    const down = await listHosts(platform, labs.fleet)
    expect(down.find((h) => h.name === 'two')).toMatchObject({ state: 'down' })
    expect(down.find((h) => h.name === 'two')!.downSince).toBeTruthy()
    const health = await t.get('/api/health')
    expect(health.body.data.labHosts).toEqual([
      { name: 'one', state: 'up', running: 2, maxLabs: 2 },
      { name: 'two', state: 'down', running: 1, maxLabs: 2 },
    ])
    expect(health.body.data.docker).toMatch(/^up/)
    expect((await rowOf(onTwo[0]!.id)).state).toBe('running')
    // Still inside the grace: nothing ended. Past it: the lab ends and its learner hears of it.
    await Bun.sleep(2100)
    await labs.reapOnce()
    expect(await rowOf(onTwo[0]!.id)).toMatchObject({ state: 'ended', endReason: 'host-lost' })
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ userId: onTwo[0]!.userId, push: { type: 'lab-ended', reason: 'host-lost' } })
    expect(told[0]!.push.content.en).toContain('went away')
    expect(told[0]!.push.content.zh).toContain('失去连接')
    // The first engine's labs are untouched, and new labs go there while two is away.
    const onOne = await t.services.db
      .select()
      .from(userContainer)
      .where(and(eq(userContainer.host, 'one'), eq(userContainer.state, 'running')))
    expect(onOne).toHaveLength(2)
    expect(await labs.fleet.capacity()).toBe(2)
    await removeApplianceObjects(labs.applianceId)
  })
})
