import { first } from '../../lib/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import tar from 'tar-stream'
import { experiment, labImage } from '../../../db/schema/index.ts'
import { packFolder } from './engine/archive.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { setLabPolicy } from './engine/policy.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../tests/support/docker.ts'
import { LAB_IMAGE } from '../../../tests/support/lab-image.ts'

const IMAGES = '/api/hm-images/images'
const SCHOOL = '100001'
const MINE = `atrium/t${SCHOOL}/built:${process.pid}`

/** Rewrites a `docker save` archive so it names `ref` (what a trojaned archive of another school's tag looks like). */
async function renamed(archive: Buffer, ref: string): Promise<Buffer> {
  const extract = tar.extract()
  const pack = tar.pack()
  extract.on('entry', (h, body, next) => {
    const chunks: Buffer[] = []
    body.on('data', (c: unknown) => {
      chunks.push(c as Buffer)
    })
    body.on('end', () => {
      let data = Buffer.concat(chunks)
      if (h.name === 'manifest.json') {
        const m = JSON.parse(data.toString()) as { RepoTags: string[] }[]
        m[0].RepoTags = [ref]
        data = Buffer.from(JSON.stringify(m))
      } else if (h.name === 'repositories') {
        const [repo, tag] = ref.split(':')
        const id = Object.values(JSON.parse(data.toString()) as Record<string, Record<string, string>>)[0]
        data = Buffer.from(JSON.stringify({ [repo]: { [tag]: Object.values(id)[0] } }))
      }
      pack.entry({ ...h, size: data.length }, data, next)
    })
  })
  extract.on('finish', () => pack.finalize())
  Readable.from(archive).pipe(extract)
  const out: Buffer[] = []
  for await (const c of pack) out.push(c as Buffer)
  return Buffer.concat(out)
}

/**
 * Image namespaces on the real engine, as the school's (tenant 100001)
 * administrator: it builds and imports only under atrium/t100001/, never over
 * a platform-shared tag or another school's; builds are bounded.
 */
describeDocker('lab image namespaces (tenant admin, real engine)', async () => {
  const t = await testApp()
  cleanUpAfter(() => t.services.labs.applianceId)
  const dir = mkdtempSync(join(t.dataDir, 'ctx-'))
  let school: string, sharedId: string

  beforeAll(async () => {
    school = await t.token('admin', 'admin', SCHOOL)
    sharedId = (await engine().getImage(LAB_IMAGE).inspect()).Id
  })
  afterAll(async () => {
    for (const ref of [MINE, `atrium/t${SCHOOL}/lab-busybox:1`, `atrium/t${SCHOOL}/slow:1`])
      await engine()
        .getImage(ref)
        .remove({ force: true })
        .catch(() => undefined)
  })

  const upload = async (path: string, fields: Record<string, string>, file: Blob) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('file', file)
    const res = await t.app.handle(
      new Request(`http://localhost${IMAGES}/${path}`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${school}`, 'accept-language': 'en' },
        body: form,
      }),
    )
    return { status: res.status, body: (await res.json()) as { data: { id: string }; field?: string; msg: string } }
  }
  const context = async (dockerfile: string) => {
    writeFileSync(join(dir, 'Dockerfile'), dockerfile)
    return new Blob([new Uint8Array(await packFolder(dir))])
  }
  /** The row once its import or build has finished. */
  const finished = async (id: string) => {
    for (;;) {
      const row = (await first(t.services.db.select().from(labImage).where(eq(labImage.id, id))))!
      if (row.buildState !== 1) return row
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it("refuses a build over a shared or another school's tag before anything reaches the engine", async () => {
    const ctx = await context(`FROM ${LAB_IMAGE}\nRUN echo trojan > /etc/motd\n`)
    for (const imageId of [LAB_IMAGE, 'atrium/t000000/anything:1', 'atrium/t100002/x:1', 'busybox:latest']) {
      const r = await upload('build', { imageId, title: 'trojan' }, ctx)
      expect([r.status, r.body.field], imageId).toEqual([400, 'imageId'])
      expect(r.body.msg).toContain(`atrium/t${SCHOOL}/`)
    }
    expect((await engine().getImage(LAB_IMAGE).inspect()).Id).toBe(sharedId)
  })

  it('an environment may name only its own namespace or a shared image', async () => {
    for (const imageId of ['atrium/t000000/x:1', 'python:3.12', 'atrium/lab-cli-test:1']) {
      const r = await t.post(`${IMAGES}/submit`, school, { title: 'x', imageId })
      expect([r.status, r.body.field], imageId).toEqual([400, 'imageId'])
    }
    for (const imageId of [LAB_IMAGE, `atrium/t${SCHOOL}/mine:1`]) {
      const r = await t.post(`${IMAGES}/submit`, school, { title: 'x', imageId })
      expect(r.status, imageId).toBe(200)
    }
    // Removing a school's environment on a shared image leaves the image alone.
    const row = await t.post(`${IMAGES}/submit`, school, { title: 'shared', imageId: LAB_IMAGE })
    expect((await t.post(`${IMAGES}/remove`, school, undefined, { ids: row.body.data.id })).status).toBe(200)
    expect((await engine().getImage(LAB_IMAGE).inspect()).Id).toBe(sharedId)
  })

  it('builds in its namespace with no network and the policy’s memory', async () => {
    // A step of its own (the nonce): the engine's build cache is shared by both engines' runs of this file, and a
    // cached step prints nothing.
    const ctx = await context(
      `FROM ${LAB_IMAGE}\nRUN echo ${crypto.randomUUID()} && cat /sys/fs/cgroup/memory/memory.limit_in_bytes && ls /sys/class/net\n`,
    )
    const r = await upload('build', { imageId: MINE, title: 'mine' }, ctx)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const row = await finished(r.body.data.id)
    expect(row.buildState, row.buildLog ?? '').toBe(0)
    expect(row.imageId).toBe(MINE)
    expect(row.buildLog).toContain(String(1024 * 1024 * 1024))
    expect(row.buildLog).not.toMatch(/\beth\d/)
  })

  it("an archive naming a shared tag lands in the school's namespace; the shared tag is untouched", async () => {
    const saved: Buffer[] = []
    for await (const c of await engine().getImage(MINE).get()) saved.push(c as Buffer)
    const trojan = await renamed(Buffer.concat(saved), LAB_IMAGE)
    const r = await upload('import', { title: 'trojan' }, new Blob([new Uint8Array(trojan)]))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const row = await finished(r.body.data.id)
    expect(row.buildState, row.buildLog ?? '').toBe(0)
    expect(row.imageId).toBe(`atrium/t${SCHOOL}/lab-busybox:1`)
    expect((await engine().getImage(LAB_IMAGE).inspect()).Id).toBe(sharedId)
    expect((await engine().getImage(row.imageId).inspect()).Id).toBe((await engine().getImage(MINE).inspect()).Id)
    // Re-importing into an environment on a shared tag is refused up front.
    const shared = await t.post(`${IMAGES}/submit`, school, { title: 'shared', imageId: LAB_IMAGE })
    const again = await upload('import', { id: shared.body.data.id }, new Blob([new Uint8Array(trojan)]))
    expect([again.status, again.body.field]).toEqual([400, 'imageId'])
    expect((await engine().getImage(LAB_IMAGE).inspect()).Id).toBe(sharedId)
  })

  it('a build past the policy’s time is stopped', async () => {
    await setLabPolicy(t.services.db, { buildSeconds: '5' })
    const ctx = await context(`FROM ${LAB_IMAGE}\nRUN sleep 120\n`)
    const r = await upload('build', { imageId: `atrium/t${SCHOOL}/slow:1`, title: 'slow' }, ctx)
    expect(r.status).toBe(200)
    const row = await finished(r.body.data.id)
    expect(row.buildState).toBe(2)
    expect(row.buildLog).toContain('longer than 5 s')
    // Stopping it cancels the build on the engine: its step's container does not keep running.
    const stepRunning = async () => (await engine().listContainers()).some((c) => c.Command.includes('sleep 120'))
    for (let i = 0; i < 100 && (await stepRunning()); i++) await new Promise((r) => setTimeout(r, 200))
    expect(await stepRunning()).toBe(false)
  }, 60_000)

  it("an experiment runs only its own school's environment, even one written before submit checked it", async () => {
    const platformRow = (await first(t.services.db.select().from(labImage).where(eq(labImage.tenantId, '000000'))))!
    const refused = await t.post('/api/hm-experiment/experiment/submit', school, {
      title: 'borrowed',
      imagesName: platformRow.id,
    })
    expect([refused.status, refused.body.field]).toEqual([400, 'imagesName'])
    const id = newId()
    const audit = { tenantId: SCHOOL, createUser: '0', createTime: now(), updateUser: '0', updateTime: now() }
    await t.services.db
      .insert(experiment)
      .values({ id, ...audit, title: 'borrowed', imagesName: platformRow.id, status: 1 })
    const open = await t.get('/api/hm-experiment/experiment/openExperimentToContainer', school, { experimentId: id })
    expect(open.status).toBe(409)
  })
})
