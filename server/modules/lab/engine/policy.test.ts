import { beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment, labImage, param, userContainer } from '../../../../db/schema/index.ts'
import { newId } from '../../../lib/ids.ts'
import { now } from '../../../lib/time.ts'
import { L } from './names.ts'
import { readLabPolicy, setLabPolicy } from './policy.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker } from '../../../../tests/support/docker.ts'
import { LAB_IMAGE } from '../../../../tests/support/lab-image.ts'

const IMAGES = '/api/hm-images/images'
const E = '/api/hm-experiment/experiment'
const P = '/api/nep-wbp/experiment'
const SCHOOL = '100001'
/** The escape attempt, verbatim. */
const ESCAPE = 'SYS_ADMIN,DAC_READ_SEARCH,SYS_MODULE,SYS_PTRACE,NET_ADMIN'
/** Capability bits of /proc/self/status: DAC_READ_SEARCH (open_by_handle_at) and SYS_ADMIN (mount). */
const DAC_READ_SEARCH = 2n
const SYS_ADMIN = 21n

/**
 * Lab container policy on the real engine, as the school's (tenant 100001)
 * administrator: what it asks for outside the platform's policy is refused
 * at submit, and a row written before the policy existed still cannot start
 * a container beyond it, on every path.
 */
describeDocker('lab container policy (tenant admin, real engine)', async () => {
  const t = await testApp()
  const labs = t.services.labs
  cleanUpAfter(() => labs.applianceId)
  let school: string, platform: string, imageRowId: string, expId: string

  beforeAll(async () => {
    school = await t.token('admin', 'admin', SCHOOL)
    platform = await t.token('admin')
    // A row as the old code let the school write it: escaping capabilities and a writable root.
    imageRowId = newId()
    const audit = { tenantId: SCHOOL, createUser: '0', createTime: now(), updateUser: '0', updateTime: now() }
    await t.services.db
      .insert(labImage)
      .values({ id: imageRowId, ...audit, title: 'old row', imageId: LAB_IMAGE, capAdd: ESCAPE, readOnlyRoot: 0 })
    expId = newId()
    await t.services.db
      .insert(experiment)
      .values({ id: expId, ...audit, title: 'escape', imagesName: imageRowId, status: 1 })
  })

  /** What a container really got, from the engine and from inside it. */
  const proof = async (containerId: string) => {
    const info = (await labs.host.inspect(containerId))!
    const status = (await labs.host.run(containerId, ['cat', '/proc/self/status'])).output
    const capEff = BigInt(`0x${/CapEff:\s*([0-9a-f]+)/.exec(status)![1]}`)
    const mount = await labs.host.run(containerId, ['busybox', 'mount', '-t', 'tmpfs', 'x', '/workspace'])
    const id = (await labs.host.run(containerId, ['id', '-u'])).output.trim()
    return { info, capEff, mount, id }
  }
  const expectConfined = async (containerId: string) => {
    const { info, capEff, mount, id } = await proof(containerId)
    const allowed = (await readLabPolicy(t.services.db)).capabilities
    expect(info.privileged).toBe(false)
    expect(info.capDrop).toEqual(['ALL'])
    for (const c of info.capAdd) expect(allowed).toContain(c.replace(/^CAP_/, ''))
    expect(info.capAdd.join()).not.toMatch(/SYS_ADMIN|DAC_READ_SEARCH|SYS_MODULE|SYS_PTRACE|NET_ADMIN/)
    expect(info.user).toBe('1000:1000')
    expect(id).toBe('1000')
    expect(info.readOnlyRoot).toBe(true)
    expect(info.securityOpt.join()).not.toContain('unconfined')
    expect(capEff & (1n << DAC_READ_SEARCH)).toBe(0n)
    expect(capEff & (1n << SYS_ADMIN)).toBe(0n)
    expect(mount.code).not.toBe(0)
  }

  it("the school admin's escape attempt is refused at submit, naming the field, in zh and en", async () => {
    const base = { title: 'escape', imageId: LAB_IMAGE }
    const caps = await t.call('POST', `${IMAGES}/submit`, {
      token: school,
      body: { ...base, capAdd: ESCAPE, readOnlyRoot: 0 },
      lang: 'en',
    })
    expect([caps.status, caps.body.field]).toEqual([400, 'capAdd'])
    expect(caps.body.msg).toBe('capability SYS_ADMIN lets a process leave its container and is never allowed in a lab')
    const zh = await t.post(`${IMAGES}/submit`, school, { ...base, capAdd: 'NET_RAW' })
    expect([zh.status, zh.body.field, zh.body.msg]).toEqual([400, 'capAdd', '平台策略不允许本校实验使用能力 NET_RAW'])
    const root = await t.post(`${IMAGES}/submit`, school, { ...base, readOnlyRoot: 0 })
    expect([root.status, root.body.field]).toEqual([400, 'readOnlyRoot'])
    const memory = await t.post(`${IMAGES}/submit`, school, { ...base, memoryMb: 65536 })
    expect([memory.status, memory.body.field]).toEqual([400, 'memoryMb'])
    const cpus = await t.post(`${IMAGES}/submit`, school, { ...base, cpus: 16 })
    expect([cpus.status, cpus.body.field]).toEqual([400, 'cpus'])
    const unknown = await t.post(`${IMAGES}/submit`, school, { ...base, capAdd: 'CHOWN,ROOT' })
    expect([unknown.status, unknown.body.field]).toEqual([400, 'capAdd'])
    // An update cannot bring them in either.
    const ok = await t.post(`${IMAGES}/submit`, school, { ...base, capAdd: 'CHOWN' })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const upd = await t.post(`${IMAGES}/submit`, school, { id: ok.body.data.id, capAdd: 'CHOWN,DAC_READ_SEARCH' })
    expect([upd.status, upd.body.field]).toEqual([400, 'capAdd'])
  })

  it("the school's own parameters cannot widen the policy; the platform's can, never past the deny-list", async () => {
    const own = await t.post('/api/blade-system/param/submit', school, {
      paramName: 'try',
      paramKey: 'lab.policy.capabilities',
      paramValue: 'NET_RAW',
    })
    expect(own.status).toBe(200)
    expect((await readLabPolicy(t.services.db)).capabilities).not.toContain('NET_RAW')
    const refused = await t.post(`${IMAGES}/submit`, school, { title: 'raw', imageId: LAB_IMAGE, capAdd: 'NET_RAW' })
    expect([refused.status, refused.body.field]).toEqual([400, 'capAdd'])

    // The platform administrator writes SYS_ADMIN straight into its parameters: the reader keeps the default.
    const p = await t.post('/api/blade-system/param/submit', platform, {
      paramName: 'policy',
      paramKey: 'lab.policy.capabilities',
      paramValue: 'CHOWN,SYS_ADMIN',
    })
    expect(p.status).toBe(200)
    expect((await readLabPolicy(t.services.db)).capabilities).not.toContain('SYS_ADMIN')
    await expect(setLabPolicy(t.services.db, { capabilities: 'CHOWN,DAC_READ_SEARCH' })).rejects.toMatchObject({
      status: 400,
      field: 'capabilities',
    })
    await setLabPolicy(t.services.db, { capabilities: 'CHOWN,NET_RAW,KILL' })
    expect((await readLabPolicy(t.services.db)).capabilities).toEqual(['CHOWN', 'NET_RAW', 'KILL'])
    const now = await t.post(`${IMAGES}/submit`, school, { title: 'raw', imageId: LAB_IMAGE, capAdd: 'NET_RAW' })
    expect(now.status).toBe(200)
    await t.services.db.update(param).set({ isDeleted: 1 }).where(eq(param.paramKey, 'lab.policy.capabilities'))
  })

  it('a row written before the policy opens, renews and resets only confined, unprivileged containers', async () => {
    const open = await t.get(`${E}/openExperimentToContainer`, school, { experimentId: expId })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    await expectConfined(open.body.data.containerId)
    // The workspace belongs to the lab's user: files up and down still work.
    expect(
      (await labs.host.run(open.body.data.containerId, ['sh', '-c', 'echo hi > /workspace/a && cat /workspace/a']))
        .output,
    ).toContain('hi')

    const renew = await t.get('/api/hm-userContainer/userContainer/refreshContainerTime', school, {
      id: open.body.data.id,
    })
    expect(renew.status).toBe(200)
    await expectConfined(renew.body.data.containerId)

    const reset = await t.get(`${P}/resetExperiment`, school, { experimentId: expId })
    expect(reset.status).toBe(200)
    expect(reset.body.data.containerId).not.toBe(open.body.data.containerId)
    await expectConfined(reset.body.data.containerId)
  })

  it('a container made before the policy is replaced, never started again or handed over', async () => {
    const live = (await t.get(`${E}/openExperimentToContainer`, school, { experimentId: expId })).body.data
    // As the old code made it: root, the escaping capabilities, the lab row naming it.
    const old = await labs.host.create({
      name: `atrium-${labs.applianceId}-old-${live.id}`,
      image: LAB_IMAGE,
      labels: { [L.appliance]: labs.applianceId },
      volume: `atrium-ws-${labs.applianceId}-old-${live.id}`,
      mountPath: '/workspace',
      cpus: 0.5,
      memoryMb: 64,
      pidsLimit: 32,
      capAdd: ESCAPE.split(','),
      readOnlyRoot: false,
      user: '0:0',
      network: 'none',
    })
    await labs.host.remove(live.containerId)
    await t.services.db.update(userContainer).set({ containerId: old }).where(eq(userContainer.id, live.id))
    const again = await t.get(`${E}/openExperimentToContainer`, school, { experimentId: expId })
    expect(again.status).toBe(200)
    expect(again.body.data.containerId).not.toBe(old)
    expect(await labs.host.inspect(old)).toBeNull()
    await expectConfined(again.body.data.containerId)

    // A warm container of this environment someone else started as root is not adopted but removed.
    const warm = await labs.host.create({
      name: `atrium-${labs.applianceId}-pool-old`,
      image: LAB_IMAGE,
      labels: { [L.appliance]: labs.applianceId, [L.pool]: imageRowId },
      volume: `atrium-ws-${labs.applianceId}-pool-old`,
      mountPath: '/workspace',
      cpus: 0.5,
      memoryMb: 64,
      pidsLimit: 32,
      capAdd: ['SYS_ADMIN'],
      readOnlyRoot: false,
      user: '0:0',
      network: 'none',
    })
    await labs.host.start(warm)
    expect(await labs.pools.sync(imageRowId)).toBe(0)
    expect(await labs.host.inspect(warm)).toBeNull()
  })

  it("the environment's warm pool starts only confined containers", async () => {
    const [entry] = await labs.pools.warm(imageRowId, 1)
    await expectConfined(entry.containerId)
    await labs.pools.trim(imageRowId, 0)
  })
})
