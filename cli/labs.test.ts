import { first } from '../server/lib/rows.ts'
import { afterAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { boot } from '../server/boot.ts'
import { loadConfig } from '../server/lib/config.ts'
import { seededDatabase } from '../tests/support/harness.ts'
import { makeCtx } from '../server/lib/context.ts'
import { closeDb } from '../server/lib/db.ts'
import { experiment, userContainer, user } from '../db/schema/index.ts'
import { openLab } from '../server/modules/lab/engine/containers.ts'
import { Labs } from '../server/modules/lab/engine/service.ts'
import { reconcile } from '../server/modules/lab/engine/reconcile.ts'
import { warmPools } from '../server/modules/lab/user-container.ts'
import { L } from '../server/modules/lab/engine/names.ts'
import { LAB_IMAGE } from '../tests/support/lab-image.ts'
import { describeDocker, engine, removeApplianceObjects } from '../tests/support/docker.ts'

/** `atrium labs` and `atrium images` as subprocesses over a data directory, against the real engine. */
describeDocker('atrium labs and images (CLI, real engine)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-labs-'))
  // The run's seeded database (harness.ts): the template file copied here, or a PostgreSQL copy of it.
  const database = await seededDatabase(dataDir)
  const services = await boot(
    loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'none'), ...database }),
    {
      logLevel: 'silent',
    },
  )
  const TAG = `atrium/lab-cli-test:${process.pid}`
  afterAll(async () => {
    await removeApplianceObjects(services.labs.applianceId)
    await engine()
      .getImage(TAG)
      .remove({ force: true })
      .catch(() => undefined)
    await closeDb(services.db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['cli/main.ts', ...args], {
      env: { ...process.env, ...database, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
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
    const student = (await first(
      services.db
        .select()
        .from(user)
        .where(and(eq(user.account, 'student'), eq(user.tenantId, '000000'))),
    ))!
    const ctx = makeCtx(services.db, {
      kind: 'user',
      userId: student.id,
      tenantId: '000000',
      account: 'student',
      deptIds: [],
      roleIds: String(student.roleId).split(','),
    })
    const exp = (await first(services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
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

  it('labs pool warms containers the running server adopts, hands over and keeps across a restart', async () => {
    const exp = (await first(services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
    const imageRowId = exp.imagesName
    const warm = cli('labs', 'pool', imageRowId, '--count', '2', '--json')
    expect(warm.status, warm.out).toBe(0)
    expect(warm.json).toEqual([expect.objectContaining({ id: imageRowId, poolSize: 0, ready: 2 })])
    // Made by another process, with the server's labels: this appliance, the environment's pool.
    const made = await services.labs.host.list({ [L.appliance]: services.labs.applianceId, [L.pool]: imageRowId })
    expect(made.filter((c) => c.running)).toHaveLength(2)

    // The running server (this process) knows them after a sync (each reaper pass, or an open on an empty pool).
    const admin = (await first(
      services.db
        .select()
        .from(user)
        .where(and(eq(user.account, 'admin'), eq(user.tenantId, '000000'))),
    ))!
    const ctx = makeCtx(services.db, {
      kind: 'user',
      userId: admin.id,
      tenantId: '000000',
      account: 'admin',
      deptIds: [],
      roleIds: String(admin.roleId).split(','),
    })
    expect(await warmPools(services.labs, ctx)).toEqual([expect.objectContaining({ id: imageRowId, ready: 2 })])
    const lab = await openLab(services.labs, ctx, exp.id, dataDir)
    expect(made.map((c) => c.id)).toContain(lab.containerId)
    expect(services.labs.pools.size(imageRowId)).toBe(1)
    // A sync after the hand-over does not take the learner's container back into the pool.
    await services.labs.pools.sync()
    expect(services.labs.pools.size(imageRowId)).toBe(1)
    expect(cli('labs', 'pool', '--json').json).toEqual([expect.objectContaining({ id: imageRowId, ready: 1 })])
    // prune leaves warm containers alone; a restart (a fresh service on the same data) adopts the one left.
    expect(cli('labs', 'prune', '--grace', '0', '--json').json.containers).toBe(0)
    const restarted = new Labs(
      services.db,
      services.log,
      services.jwtSecret,
      services.labs.host,
      services.labs.settings,
    )
    expect(await reconcile(restarted)).toMatchObject({ kept: 1, adopted: 1, removed: 0 })
    expect(restarted.pools.size(imageRowId)).toBe(1)
    await restarted.pools.idle()
    const row = (await first(services.db.select().from(userContainer).where(eq(userContainer.id, lab.id))))!
    expect(row).toMatchObject({ state: 'running', containerId: lab.containerId })

    expect(cli('labs', 'pool', imageRowId, '--count', '0', '--json').json.error).toContain('from 1 to 200')
    const unknown = cli('labs', 'pool', '12345', '--json')
    expect(unknown.status).toBe(1)
    expect(unknown.json.error).toContain('no such lab environment: 12345')
  })
})
