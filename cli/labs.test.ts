import { afterAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { boot } from '../server/boot.ts'
import { loadConfig } from '../server/lib/config.ts'
import { makeCtx } from '../server/lib/context.ts'
import { closeDb } from '../server/lib/db.ts'
import { experiment, user } from '../db/schema/index.ts'
import { openLab } from '../server/labs/containers.ts'
import { L } from '../server/labs/names.ts'
import { LAB_IMAGE } from '../tests/support/lab-image.ts'
import { describeDocker, engine, removeApplianceObjects } from '../tests/support/docker.ts'

/** `atrium labs` and `atrium images` as subprocesses over a data directory, against the real engine. */
describeDocker('atrium labs and images (CLI, real engine)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-labs-'))
  if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  const services = boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'none') }), {
    logLevel: 'silent',
  })
  const TAG = `atrium/lab-cli-test:${process.pid}`
  afterAll(async () => {
    await removeApplianceObjects(services.labs.applianceId)
    await engine()
      .getImage(TAG)
      .remove({ force: true })
      .catch(() => undefined)
    closeDb(services.db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['cli/main.ts', ...args], {
      env: { ...process.env, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
      encoding: 'utf8',
    })
    return {
      status: r.status,
      out: r.stdout,
      json: (() => {
        try {
          return JSON.parse(r.stdout)
        } catch {
          return null
        }
      })(),
    }
  }

  it('images build DIR makes a ready environment from a Dockerfile folder; no Dockerfile is refused', async () => {
    const dir = join(dataDir, 'ctx')
    mkdirSync(dir)
    writeFileSync(join(dir, 'Dockerfile'), `FROM ${LAB_IMAGE}\nCOPY hello.txt /etc/hello.txt\n`)
    writeFileSync(join(dir, 'hello.txt'), 'built by the CLI\n')
    const r = cli('images', 'build', dir, '--tag', TAG, '--title', 'CLI build', '--json')
    expect(r.status).toBe(0)
    expect(r.json).toMatchObject({ imageId: TAG, title: 'CLI build', buildState: 0 })
    expect((await engine().getImage(TAG).inspect()).RepoTags).toContain(TAG)
    const empty = join(dataDir, 'empty')
    mkdirSync(empty)
    const bad = cli('images', 'build', empty, '--tag', 'x/y:1', '--json')
    expect(bad.status).toBe(1)
    expect(bad.json.error).toContain('no Dockerfile')
  })

  it('images import FILE loads a docker save tarball', async () => {
    const file = join(dataDir, 'image.tar')
    const stream = await engine().getImage(TAG).get()
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(c as Buffer)
    writeFileSync(file, Buffer.concat(chunks))
    await engine().getImage(TAG).remove({ force: true })
    const r = cli('images', 'import', file, '--title', 'CLI import', '--json')
    expect(r.status).toBe(0)
    expect(r.json).toMatchObject({ imageId: TAG, title: 'CLI import', buildState: 0 })
    expect((await engine().getImage(TAG).inspect()).Id).toMatch(/^sha256:/)
    expect(cli('images', 'import', join(dataDir, 'nothing.tar'), '--json').status).toBe(1)
  })

  it("labs list shows a learner's running lab, stop ends it, prune removes an orphan container", async () => {
    const student = services.db
      .select()
      .from(user)
      .where(and(eq(user.account, 'student'), eq(user.tenantId, '000000')))
      .get()!
    const ctx = makeCtx(services.db, {
      kind: 'user',
      userId: student.id,
      tenantId: '000000',
      account: 'student',
      deptIds: [],
      roleIds: String(student.roleId).split(','),
    })
    const exp = services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门')).get()!
    const lab = await openLab(services.labs, ctx, exp.id, dataDir)

    const list = cli('labs', 'list', '--json')
    expect(list.status).toBe(0)
    expect(list.json.records).toEqual([
      expect.objectContaining({ id: lab.id, account: 'student', experimentTitle: 'Linux 命令行入门' }),
    ])
    const stop = cli('labs', 'stop', lab.id, '--json')
    expect(stop.json).toEqual({ stopped: 1 })
    expect(await services.labs.host.inspect(lab.containerId)).toBeNull()
    expect(cli('labs', 'list', '--json').json.records).toEqual([])

    // A container carrying this appliance's label that no lab row owns.
    const orphan = await engine().createContainer({
      Image: LAB_IMAGE,
      Cmd: ['sleep', '300'],
      Labels: { [L.appliance]: services.labs.applianceId, [L.lab]: 'gone' },
      HostConfig: { NetworkMode: 'none' },
    })
    expect(cli('labs', 'prune', '--json').json).toMatchObject({ containers: 0 })
    expect(cli('labs', 'prune', '--grace', 'soon', '--json').status).toBe(1)
    const pruned = cli('labs', 'prune', '--grace', '0', '--json')
    expect(pruned.json.containers).toBe(1)
    expect(await services.labs.host.inspect(orphan.id)).toBeNull()
  })
})
