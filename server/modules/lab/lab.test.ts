import { first } from '../../lib/rows.ts'
import { beforeAll, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { experiment, labImage, role, userContainer } from '../../../db/schema/index.ts'
import { md5Hex } from '../auth/password.ts'
import { newId } from '../../lib/ids.ts'
import { Labs } from './engine/service.ts'
import { L, at } from './engine/names.ts'
import { reconcile } from './engine/reconcile.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../tests/support/docker.ts'
import { LAB_IMAGE } from '../../../tests/support/lab-image.ts'

const E = '/api/hm-experiment/experiment'
const P = '/api/nep-wbp/experiment'

describeDocker('labs on the real engine', async () => {
  const t = await testApp()
  const labs = t.services.labs
  cleanUpAfter(() => labs.applianceId)
  let student: string, other: string, admin: string, expId: string, imageRowId: string, studentRole: string

  beforeAll(async () => {
    admin = await t.token('admin')
    student = await t.token('student')
    studentRole = (await first(
      t.services.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.roleAlias, 'student'), eq(role.tenantId, '000000'))),
    ))!.id
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account: 'student2',
      realName: '第二位同学',
      roleId: studentRole,
      password: md5Hex('student2'),
    })
    expect(made.status).toBe(200)
    other = await t.token('student2')
    const exp = (await first(t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
    expId = exp.id
    imageRowId = exp.imagesName
    // The second learner signs up through the portal, as the page does.
    expect((await t.post('/api/nep-wbp/experimentUser/signUp', other, { experimentId: expId })).status).toBe(200)
  })

  const open = (token: string) => t.get(`${E}/openExperimentToContainer`, token, { experimentId: expId })
  const row = async (id: string) =>
    (await first(t.services.db.select().from(userContainer).where(eq(userContainer.id, id))))!

  it('opens a running, hardened container labelled with tenant, user and experiment', async () => {
    const r = await open(student)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.remainingSeconds).toBeGreaterThan(3500)
    const i = await labs.host.inspect(r.body.data.containerId)
    expect(i).toMatchObject({
      running: true,
      privileged: false,
      readOnlyRoot: true,
      networkMode: 'none',
      memoryBytes: 128 * 1024 * 1024,
      nanoCpus: 5e8,
      pidsLimit: 64,
      capDrop: ['ALL'],
    })
    expect(i!.labels).toMatchObject({
      [L.tenant]: '000000',
      [L.experiment]: expId,
      [L.appliance]: labs.applianceId,
      [L.lab]: r.body.data.id,
    })
    expect(i!.labels[L.user]).toBeTruthy()
    // The workspace volume is the only mount; no host path, never the engine's socket.
    expect(i!.mounts).toEqual([expect.objectContaining({ type: 'volume', destination: '/workspace' })])
    // The engine made the workspace with the container, labelled like it (reconcile and prune find it by label).
    expect((await engine().getVolume(i!.mounts[0].name!).inspect()).Labels).toMatchObject({
      [L.appliance]: labs.applianceId,
      [L.lab]: r.body.data.id,
    })
    const full = await engine().getContainer(i!.id).inspect()
    expect(full.HostConfig.Binds ?? []).toEqual([])
    expect(full.HostConfig.SecurityOpt).toContain('no-new-privileges')
    // A read-only root: writing outside the workspace fails, inside it works.
    expect((await labs.host.run(i!.id, ['sh', '-c', 'touch /etc/x'])).code).not.toBe(0)
    expect((await labs.host.run(i!.id, ['sh', '-c', 'touch /workspace/x && echo ok'])).output).toContain('ok')
  })

  it('a second open returns the same container; getConteiner too', async () => {
    const a = await open(student)
    const b = await t.get(`${E}/getConteiner`, student, { experimentId: expId })
    expect(b.body.data.containerId).toBe(a.body.data.containerId)
    const [c, d] = await Promise.all([open(student), open(student)])
    expect(c.body.data.containerId).toBe(a.body.data.containerId)
    expect(d.body.data.containerId).toBe(a.body.data.containerId)
  })

  it('upload then download round-trips a file; paths outside the workspace and oversize files are refused', async () => {
    const form = new FormData()
    form.set('experimentId', expId)
    form.set('file', new File(['line one\n第二行\n'], 'notes.txt'))
    const up = await t.app.handle(
      new Request(`http://localhost${P}/uploadContainerFile`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${student}` },
        body: form,
      }),
    )
    expect(up.status).toBe(200)
    const down = await t.app.handle(
      new Request(`http://localhost${P}/getContainerFile?experimentId=${expId}&path=notes.txt`, {
        headers: { 'blade-auth': `bearer ${student}` },
      }),
    )
    expect(down.status).toBe(200)
    expect(await down.text()).toBe('line one\n第二行\n')
    expect(down.headers.get('content-disposition')).toContain('notes.txt')
    const list = await t.get(`${E}/openExperimentToFile`, student, { experimentId: expId })
    expect(list.body.data.map((f: { name: string }) => f.name)).toContain('notes.txt')
    const escape = await t.get(`${P}/getContainerFile`, student, { experimentId: expId, path: '../etc/passwd' })
    expect([escape.status, escape.body.field]).toEqual([400, 'path'])
    expect((await t.get(`${P}/getContainerFile`, student, { experimentId: expId, path: 'nope.txt' })).status).toBe(404)
    labs.settings.uploadMaxMb = 0
    const big = new FormData()
    big.set('experimentId', expId)
    big.set('file', new File(['x'], 'big.bin'))
    const tooBig = await t.app.handle(
      new Request(`http://localhost${P}/uploadContainerFile`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${student}`, 'accept-language': 'en' },
        body: big,
      }),
    )
    labs.settings.uploadMaxMb = 50
    expect(tooBig.status).toBe(413)
    expect((await tooBig.json()).msg).toBe('the file is over the 0 MB limit')
  })

  it("another learner cannot fetch the first learner's files or extend its lab", async () => {
    const mine = (await open(student)).body.data
    // The other learner's calls name the experiment, so they only ever reach their own lab.
    const theirs = await t.get(`${P}/getContainerFile`, other, { experimentId: expId, path: 'notes.txt' })
    expect(theirs.status).toBe(409)
    expect(
      (await t.get('/api/hm-userContainer/userContainer/refreshContainerTime', other, { id: mine.id })).status,
    ).toBe(404)
  })

  it('refresh extends the remaining time and stops at the renewal cap', async () => {
    const lab = (await open(student)).body.data
    const before = lab.remainingSeconds
    const r1 = await t.get('/api/hm-userContainer/userContainer/refreshContainerTime', student, { id: lab.id })
    expect(r1.body.data.remainingSeconds).toBeGreaterThanOrEqual(before + 30 * 60 - 5)
    await t.get('/api/hm-userContainer/userContainer/refreshContainerTime', student, { id: lab.id })
    await t.get('/api/hm-userContainer/userContainer/refreshContainerTime', student, { id: lab.id })
    const capped = await t.call('GET', '/api/hm-userContainer/userContainer/refreshContainerTime', {
      token: student,
      query: { id: lab.id },
      lang: 'en',
    })
    expect(capped.status).toBe(409)
    expect(capped.body.msg).toBe('the lab has been extended the maximum 3 times and cannot be extended again')
    expect((await row(lab.id)).renewals).toBe(3)
  })

  it('reset recreates the container on an empty workspace', async () => {
    const lab = (await open(student)).body.data
    const reset = await t.get(`${P}/resetExperiment`, student, { experimentId: expId })
    expect(reset.status).toBe(200)
    expect(reset.body.data.containerId).not.toBe(lab.containerId)
    expect(await labs.host.inspect(lab.containerId)).toBeNull()
    expect(await row(lab.id)).toMatchObject({ state: 'ended', endReason: 'reset' })
    expect((await labs.host.run(reset.body.data.containerId, ['ls', '-A', '/workspace'])).output.trim()).toBe('')
  })

  it('the reaper stops expired labs and idle ones, keeping the workspace for the next open', async () => {
    const lab = (await open(student)).body.data
    await labs.host.run(lab.containerId, ['sh', '-c', 'echo kept > /workspace/kept.txt'])
    await t.services.db
      .update(userContainer)
      .set({ expireTime: at(Date.now() - 1000) })
      .where(eq(userContainer.id, lab.id))
    await labs.reapOnce()
    expect(await row(lab.id)).toMatchObject({ state: 'ended', endReason: 'expired' })
    expect(await labs.host.inspect(lab.containerId)).toBeNull()

    const again = (await open(student)).body.data
    expect(again.containerId).not.toBe(lab.containerId)
    expect((await labs.host.run(again.containerId, ['cat', '/workspace/kept.txt'])).output).toContain('kept')
    // Idle: no terminal for longer than the experiment's idle minutes.
    await t.services.db
      .update(userContainer)
      .set({ lastActive: at(Date.now() - 21 * 60_000) })
      .where(eq(userContainer.id, again.id))
    await labs.reapOnce()
    expect(await row(again.id)).toMatchObject({ state: 'ended', endReason: 'idle' })
    expect(await labs.host.inspect(again.containerId)).toBeNull()
  })

  it('a server restart keeps a live lab; reconcile removes orphans and ends labs whose container vanished', async () => {
    const lab = (await open(student)).body.data
    const orphan = await engine().createContainer({
      Image: LAB_IMAGE,
      Cmd: ['sleep', '600'],
      Labels: { [L.appliance]: labs.applianceId, [L.lab]: '1' },
    })
    await orphan.start()
    // A second Labs over the same data directory is what the next server start builds.
    const restarted = new Labs(t.services.db, t.services.log, t.services.jwtSecret, labs.host, labs.settings)
    const r = await reconcile(restarted)
    expect(r.kept).toBeGreaterThanOrEqual(1)
    expect(await labs.host.inspect(orphan.id)).toBeNull()
    expect((await labs.host.inspect(lab.containerId))?.running).toBe(true)
    const again = await open(student)
    expect(again.body.data.containerId).toBe(lab.containerId)

    await labs.host.remove(lab.containerId)
    await reconcile(restarted)
    expect(await row(lab.id)).toMatchObject({ state: 'ended', endReason: 'lost' })
  })

  it('a warm pool hands a started container over and refills in the background', async () => {
    await t.services.db.update(labImage).set({ poolSize: 1 }).where(eq(labImage.id, imageRowId))
    await labs.pools.refill(imageRowId)
    expect(labs.pools.size(imageRowId)).toBe(1)
    const pooled = (await labs.host.list({ [L.appliance]: labs.applianceId, [L.pool]: imageRowId }))[0]
    // The other learner has no workspace yet, so it gets the warm one.
    const r = await open(other)
    expect(r.status).toBe(200)
    expect(r.body.data.containerId).toBe(pooled.id)
    expect((await labs.host.inspect(pooled.id))!.name).toBe(`atrium-${labs.applianceId}-${r.body.data.id}`)
    await labs.pools.idle()
    expect(labs.pools.size(imageRowId)).toBe(1)
    await t.services.db.update(labImage).set({ poolSize: 0 }).where(eq(labImage.id, imageRowId))
    await labs.pools.trim(imageRowId, 0)
  })

  it('a warm container another process handed over meanwhile is not handed to a second learner', async () => {
    await t.services.db.update(labImage).set({ poolSize: 1 }).where(eq(labImage.id, imageRowId))
    await labs.pools.refill(imageRowId)
    const warm = (await labs.host.list({ [L.appliance]: labs.applianceId, [L.pool]: imageRowId }))[0]
    // Another process adopted the same warm container and gave it to its learner's lab: its row names it now.
    const theirs = newId()
    await t.services.db.insert(userContainer).values({
      id: theirs,
      experimentId: expId,
      userId: '1',
      imageRowId,
      state: 'running',
      containerId: warm.id,
    })
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account: 'student3',
      realName: '第三位同学',
      roleId: studentRole,
      password: md5Hex('student3'),
    })
    expect(made.status).toBe(200)
    const third = await t.token('student3')
    expect((await t.post('/api/nep-wbp/experimentUser/signUp', third, { experimentId: expId })).status).toBe(200)
    const r = await open(third)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.containerId).not.toBe(warm.id)
    // The other lab's container is left as that process renamed it: untouched here.
    expect((await labs.host.inspect(warm.id))?.name).toBe(warm.name)
    await t.services.db.delete(userContainer).where(eq(userContainer.id, theirs))
    await labs.host.remove(warm.id)
    await t.post('/api/hm-userContainer/userContainer/stop', admin, undefined, { ids: r.body.data.id })
    await t.services.db.update(labImage).set({ poolSize: 0 }).where(eq(labImage.id, imageRowId))
    await labs.pools.idle()
    await labs.pools.trim(imageRowId, 0)
  })

  it('when the host is full the learner gets a clear message with a place in line, then the freed place', async () => {
    const running = await t.services.db.select().from(userContainer).where(eq(userContainer.state, 'running'))
    labs.settings.maxRunning = running.length
    const third = (await first(
      t.services.db
        .select()
        .from(userContainer)
        .where(and(eq(userContainer.userId, running[0].userId), eq(userContainer.state, 'running'))),
    ))!
    await t.post('/api/hm-userContainer/userContainer/stop', admin, undefined, { ids: third.id })
    labs.settings.maxRunning = running.length - 1
    const full = await t.call('GET', `${E}/openExperimentToContainer`, {
      token: student,
      query: { experimentId: expId },
      lang: 'en',
    })
    labs.settings.maxRunning = 60
    expect(full.status).toBe(429)
    expect(full.body.msg).toBe(
      'all lab places are taken: 0 ahead of you, you are number 1 in line; the page retries by itself',
    )
    const ok = await open(student)
    expect(ok.status).toBe(200)
  })

  it('the running-labs screen lists who, which experiment, since when, CPU and memory; staff stop one', async () => {
    const r = await t.get('/api/hm-userContainer/userContainer/running', admin)
    expect(r.status).toBe(200)
    const rec = r.body.data.records.find((x: { account: string }) => x.account === 'student')
    expect(rec).toMatchObject({ experimentTitle: 'Linux 命令行入门' })
    expect(rec.startTime).toBeTruthy()
    expect(typeof rec.memoryMb).toBe('number')
    expect((await t.get('/api/hm-userContainer/userContainer/running', student)).status).toBe(403)
    const stop = await t.post('/api/hm-userContainer/userContainer/stop', admin, undefined, { ids: rec.id })
    expect(stop.body.data.stopped).toBe(1)
    expect(await row(rec.id)).toMatchObject({ state: 'ended', endReason: 'stopped' })
  })
})
