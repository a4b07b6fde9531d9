import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import type { MqttClient } from 'mqtt'
import { iotAppliance, subscribeGranted, type IotAppliance } from '../../../tests/support/iot.ts'
import { applianceDatabase } from '../../../tests/support/server-process.ts'

/*
 * Guarded OTA rollouts against the real appliance: firmware uploaded through
 * put-file, devices as real MQTT clients that download over HTTP with their
 * signed link, check the SHA-256 and report progress — succeeding at once or
 * when the test says, or failing on purpose.
 */
let a: IotAppliance
let admin: string
const clients: MqttClient[] = []
const firmware = new Uint8Array(randomBytes(300_000))
const sha256 = createHash('sha256').update(firmware).digest('hex')

beforeAll(async () => {
  a = await iotAppliance()
  admin = (await a.token('admin')).token
}, 60_000)
afterAll(async () => {
  for (const c of clients) c.end(true)
  await a?.stop()
})

const until = async (check: () => Promise<boolean>, ms = 10_000, every = 100) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, every))
  }
  return false
}
const progress = async (id: string) =>
  (await a.call('GET', '/api/blade-productOta/productOta/progress', admin, undefined, { id })).body.data
const phase = async (id: string) => (await progress(id)).ota.phase as string

type Dev = Awaited<ReturnType<IotAppliance['fleet']>>['devices'][number]
type Job = { otaId: string; version: string; url: string; sha256: string; size: number; cancel?: boolean }

/** A device that downloads and checks what it is told; `auto` finishes by itself, otherwise finish() does. */
async function fakeDevice(dev: Dev, auto: 'ok' | 'fail' | 'hold') {
  const c = await a.connect({ username: dev.username, password: dev.secret })
  clients.push(c)
  expect(await subscribeGranted(c, [`${dev.root}/ota`], 1)).toEqual([1])
  const jobs: Job[] = []
  const cancels: string[] = []
  const report = (job: Job, body: object) =>
    c.publishAsync(`${dev.root}/ota/progress`, JSON.stringify({ otaId: job.otaId, ...body }), { qos: 1 })
  const finish = async (outcome: 'ok' | 'fail', job = jobs.at(-1)!) => {
    await report(
      job,
      outcome === 'ok'
        ? { state: 'success', progress: 100, version: job.version }
        : { state: 'failed', progress: 0, error: 'flash write failed' },
    )
  }
  c.on('message', async (_t, payload) => {
    const job = JSON.parse(payload.toString()) as Job
    if (job.cancel) {
      cancels.push(job.otaId)
      return
    }
    jobs.push(job)
    await report(job, { state: 'downloading', progress: 0 })
    const res = await fetch(job.url)
    const bytes = new Uint8Array(await res.arrayBuffer())
    const sum = createHash('sha256').update(bytes).digest('hex')
    await report(job, { state: 'verifying', progress: 100 })
    if (sum !== job.sha256) return report(job, { state: 'failed', error: 'checksum' })
    if (auto !== 'hold') await finish(auto, job)
  })
  return { dev, jobs, cancels, finish, told: () => jobs.length > 0 }
}

async function release(productId: string, body: Record<string, unknown>) {
  const up = await a.upload(admin, 'fw-2.0.0.bin', firmware)
  expect(up.status, JSON.stringify(up.body)).toBe(200)
  const r = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
    productId,
    firmVersion: '2.0.0',
    status: 2,
    firmFile: up.body.data.link,
    ...body,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data.id as string
}

describe('OTA releases', () => {
  it('checks the release form: firmware required, at most 3 files, firmware uploads only, a sane version and thresholds', async () => {
    const { productId } = await a.fleet(admin, 1)
    const none = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1.1.0',
      status: 1,
    })
    expect(none.status).toBe(400)
    expect(none.body.msg).toBe('请上传固件')
    const fw = (await a.upload(admin, 'a.bin', firmware)).body.data.link
    const four = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1.1.0',
      status: 1,
      firmFile: [fw, fw, fw, fw].join(','),
    })
    expect(four.status).toBe(400)
    expect(four.body.field).toBe('firmFile')
    const img = await a.upload(admin, 'x.exe', firmware, 'firmware')
    expect(img.status).toBe(400)
    const version = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1 0; rm',
      status: 1,
      firmFile: fw,
    })
    expect(version.body.field).toBe('firmVersion')
    const pct = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1.1.0',
      status: 2,
      firmFile: fw,
      errorThreshold: 130,
    })
    expect(pct.body.field).toBe('errorThreshold')
    const type = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      productId,
      firmVersion: '1.1.0',
      status: 7,
      firmFile: fw,
    })
    expect(type.body.field).toBe('status')
    const en = await fetch(new URL(`/api/blade-productOta/productOta/submit`, a.url), {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ productId, firmVersion: '1.1.0', status: 1 }),
    })
    expect(((await en.json()) as any).msg).toBe('please upload firmware')
  })

  it('a grey release goes to the chosen devices first, advances to all once they succeed, and every device ends on the new version', async () => {
    const { productId, devices } = await a.fleet(admin, 6)
    const fakes = await Promise.all(devices.map((d) => fakeDevice(d, 'ok')))
    const otaId = await release(productId, {
      devices: `${devices[0].deviceId},${devices[1].deviceId}`,
      successThreshold: 100,
      errorThreshold: 50,
    })
    // Staff following the rollout (the dialog's broker connection) hear every change; a student may not listen.
    const { topic } = await progress(otaId)
    expect(topic).toBe(`tenant/000000/ota/${otaId}`)
    const student = await a.connect({ username: 'browser', password: (await a.token('student')).token })
    clients.push(student)
    expect(await subscribeGranted(student, [topic])).toEqual([128])
    const staff = await a.connect({ username: 'browser', password: admin })
    clients.push(staff)
    const pushes: { phase: string; counts: Record<string, number>; tasks: any[] }[] = []
    staff.on('message', (t, payload) => t === topic && pushes.push(JSON.parse(payload.toString())))
    expect(await subscribeGranted(staff, [topic])).toEqual([0])
    const started = await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: otaId })
    expect(started.body.data).toMatchObject({ phase: 'grey', devices: 2 })
    // The first two are told; then the rest, once both succeeded.
    expect(await until(async () => (await phase(otaId)) === 'done', 20_000)).toBe(true)
    const p = await progress(otaId)
    expect(p.counts).toEqual({ success: 6 })
    expect(await until(async () => pushes.at(-1)?.phase === 'done')).toBe(true)
    expect(pushes.at(-1)!.counts).toEqual({ success: 6 })
    // Every device's outcome reached the watcher (pushes close together are one), as the progress route shapes it.
    const heard = new Set(pushes.flatMap((m) => m.tasks.filter((t) => t.state === 'success').map((t) => t.deviceId)))
    expect(heard.size).toBe(6)
    expect(pushes.flatMap((m) => m.tasks)[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        sn: expect.any(String),
        progress: expect.any(Number),
      }),
    )
    // Coalesced: far fewer pushes than reports (6 devices × 4 reports, plus the waves and the phase changes).
    expect(pushes.length).toBeLessThan(30)
    expect(
      p.tasks
        .filter((t: any) => t.cohort === 'grey')
        .map((t: any) => t.deviceId)
        .sort(),
    ).toEqual([devices[0].deviceId, devices[1].deviceId].sort())
    expect(p.tasks.every((t: any) => t.firmVersion === '2.0.0' && t.progress === 100)).toBe(true)
    // Each device got its own link with the right checksum.
    expect(fakes.every((f) => f.jobs.length === 1 && f.jobs[0].sha256 === sha256)).toBe(true)
    expect(new Set(fakes.map((f) => f.jobs[0].url)).size).toBe(6)
    // A grey device was told before any other.
    const logs = (
      await a.call('GET', '/api/blade-deviceLog/deviceLog/list', admin, undefined, {
        deviceId: devices[5].deviceId,
        type: 'ota',
      })
    ).body.data.records
    expect(JSON.parse(logs[0].content)).toMatchObject({ otaId, state: 'success', version: '2.0.0' })
    // A link tampered with, or for another task, is refused.
    const tampered = fakes[0].jobs[0].url.replace(/sign=[^&]+/, 'sign=AAAA')
    expect((await fetch(tampered)).status).toBe(403)
    // Started releases are read-only.
    const edit = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
      id: otaId,
      firmVersion: '2.0.1',
    })
    expect(edit.status).toBe(400)
  }, 40_000)

  it('a failing cohort stops the release after the report that passed the error threshold; nobody else is told', async () => {
    const { productId, devices } = await a.fleet(admin, 8)
    const fakes = await Promise.all(devices.map((d) => fakeDevice(d, 'hold')))
    const cohort = devices
      .slice(0, 5)
      .map((d) => d.deviceId)
      .join(',')
    const otaId = await release(productId, { devices: cohort, successThreshold: 100, errorThreshold: 20 })
    await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: otaId })
    expect(await until(async () => fakes.slice(0, 5).every((f) => f.told()))).toBe(true)
    await fakes[0].finish('fail')
    // 1 of 5 = 20 %: not past the threshold yet.
    expect(await until(async () => (await progress(otaId)).counts.failed === 1)).toBe(true)
    expect(await phase(otaId)).toBe('grey')
    await fakes[1].finish('fail')
    // Stopped by that report (ota-guard.test.ts holds the mechanism on a still clock); how fast is a figure of
    // `npm run bench` (tests/bench/ota-stop.ts), not a wall-clock limit here: those fail on a busy machine.
    expect(await until(async () => (await phase(otaId)) === 'stopped')).toBe(true)
    // Successes after the stop do not advance it; devices outside the cohort were never told.
    for (const f of fakes.slice(2, 5)) await f.finish('ok')
    expect(await until(async () => (await progress(otaId)).counts.success === 3)).toBe(true)
    expect(await phase(otaId)).toBe('stopped')
    expect(fakes.slice(5).some((f) => f.told())).toBe(false)
    expect((await progress(otaId)).tasks).toHaveLength(5)
  }, 40_000)

  it('pause holds the advance, retry gives a failed device another go, resume continues, cancel tells the rest to drop it', async () => {
    const { productId, devices } = await a.fleet(admin, 3)
    const [d0, d1, d2] = await Promise.all(devices.map((d) => fakeDevice(d, 'hold')))
    const otaId = await release(productId, { devices: devices[0].deviceId, successThreshold: 100, errorThreshold: 100 })
    await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: otaId })
    expect(await until(async () => d0.told())).toBe(true)
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/pause', admin, undefined, { id: otaId })).body.data.phase,
    ).toBe('paused')
    await d0.finish('fail')
    expect(await until(async () => (await progress(otaId)).counts.failed === 1)).toBe(true)
    expect(await phase(otaId)).toBe('paused')
    // Only a failed device can be retried.
    expect(
      (
        await a.call('POST', '/api/blade-productOta/productOta/retry', admin, undefined, {
          id: otaId,
          deviceId: devices[1].deviceId,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await a.call('POST', '/api/blade-productOta/productOta/retry', admin, undefined, {
          id: otaId,
          deviceId: devices[0].deviceId,
        })
      ).body.data.state,
    ).toBe('pending')
    await new Promise((r) => setTimeout(r, 300))
    expect(d0.jobs).toHaveLength(1)
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/resume', admin, undefined, { id: otaId })).status,
    ).toBe(200)
    expect(await until(async () => d0.jobs.length === 2)).toBe(true)
    const p = await progress(otaId)
    expect(p.tasks[0]).toMatchObject({ state: expect.stringMatching(/notified|downloading|verifying/), attempts: 1 })
    await d0.finish('ok')
    // The grey cohort succeeded: the other two are told.
    expect(await until(async () => d1.told() && d2.told())).toBe(true)
    expect(await phase(otaId)).toBe('all')
    await d1.finish('ok')
    expect(await until(async () => (await progress(otaId)).counts.success === 2)).toBe(true)
    const cancel = await a.call('POST', '/api/blade-productOta/productOta/cancel', admin, undefined, { id: otaId })
    expect(cancel.body.data).toMatchObject({ phase: 'cancelled', cancelled: 1 })
    expect(await until(async () => d2.cancels.includes(otaId))).toBe(true)
    expect((await fetch(d2.jobs[0].url)).status).toBe(403)
    expect((await progress(otaId)).counts).toEqual({ success: 2, cancelled: 1 })
    // A late report from the cancelled device changes nothing.
    await d2.finish('ok')
    await new Promise((r) => setTimeout(r, 300))
    expect((await progress(otaId)).counts).toEqual({ success: 2, cancelled: 1 })
  }, 40_000)

  it('a percentage grey cohort takes that share of the product; a running release cannot be removed; a student cannot start one', async () => {
    const { productId } = await a.fleet(admin, 4)
    const otaId = await release(productId, { greyPercent: 50 })
    const student = (await a.token('student')).token
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/start', student, undefined, { id: otaId })).status,
    ).toBe(403)
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: otaId })).body.data,
    ).toMatchObject({ phase: 'grey', devices: 2 })
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: otaId })).status,
    ).toBe(400)
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/remove', admin, undefined, { ids: otaId })).status,
    ).toBe(400)
    // Offline devices wait: none of the four is connected, so nobody was told yet.
    expect((await progress(otaId)).counts).toEqual({ pending: 2 })
    await a.call('POST', '/api/blade-productOta/productOta/cancel', admin, undefined, { id: otaId })
    expect(
      (await a.call('POST', '/api/blade-productOta/productOta/remove', admin, undefined, { ids: otaId })).status,
    ).toBe(200)
  })

  it('the CLI starts a release the running server rolls out, follows it with --watch --json, and lists the devices on their new version', async () => {
    const { productId, productKey, devices } = await a.fleet(admin, 2)
    await Promise.all(devices.map((d) => fakeDevice(d, 'ok')))
    const otaId = await release(productId, { status: 1 })
    // The CLI works on the appliance's database: its data directory's file, or on PostgreSQL the copy it runs on.
    const env = {
      ...process.env,
      ATRIUM_DATA_DIR: a.dataDir,
      ATRIUM_LANG: 'en',
      ...(await applianceDatabase(a.dataDir)),
    }
    const cli = (...args: string[]) =>
      JSON.parse(spawnSync(process.execPath, ['cli/main.ts', ...args], { env, encoding: 'utf8' }).stdout)
    expect(cli('ota', 'start', otaId, '--json')).toMatchObject({ id: otaId, phase: 'all', devices: 2 })
    // The CLI has no broker: the server tells the devices on its next sweep.
    const watch = spawn(process.execPath, ['cli/main.ts', 'ota', 'status', otaId, '--watch', '--json'], { env })
    let out = ''
    watch.stdout.on('data', (d) => {
      out += d
    })
    const code = await new Promise((r) => watch.once('exit', r))
    expect(code).toBe(0)
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.at(-1)).toMatchObject({ id: otaId, phase: 'done', total: 2, counts: { success: 2 } })
    const listed = cli('device', 'list', '--product', productKey, '--json')
    expect(listed.records.map((d: any) => [d.sn, d.status, d.firmVersion]).sort()).toEqual(
      devices.map((d) => [d.sn, 1, '2.0.0']).sort(),
    )
    expect(cli('ota', 'status', '404', '--json')).toMatchObject({ code: 404 })
  }, 40_000)
})
