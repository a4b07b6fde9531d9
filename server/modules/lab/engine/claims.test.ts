import { afterAll, beforeAll, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { experiment, experimentUser, labImage, user, userContainer } from '../../../../db/schema/index.ts'
import { closeDb, openDatabase } from '../../../lib/db.ts'
import { onPostgres } from '../../../../tests/support/engine.ts'
import { seededDatabase, testApp } from '../../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker } from '../../../../tests/support/docker.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { createContainer } from './containers.ts'
import { L, at, labName, volumeName } from './names.ts'
import { prune } from './prune.ts'
import { ApiError } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { AlreadyClaimed, reserveSlot } from './quota.ts'
import { enrol } from '../experiment-user.ts'

const E = '/api/hm-experiment/experiment'

/**
 * Places an open claimed but never finished (the process was killed between
 * the claim and the container): they hold a quota place only within the start
 * timeout, and one reaper pass ends them together with any container the open
 * had already made (issue #25).
 */
describeDocker('lab claims an open never finished', async () => {
  const t = await testApp()
  const labs = t.services.labs
  // The lab settings come from the environment when the service is made; the suite narrows them.
  Object.assign(labs.settings, { maxPerTenant: 2, startTimeoutSeconds: 60 })
  cleanUpAfter(() => labs.applianceId)
  let admin: string, ids: string[]

  beforeAll(async () => {
    admin = await t.token('admin', 'admin', '100001')
    ids = (await schoolExperiments(t.post, admin, 4)).experimentIds
  })

  const claim = async (experimentId: string) => {
    const exp = (await first(t.services.db.select().from(experiment).where(eq(experiment.id, experimentId))))!
    const image = (await first(t.services.db.select().from(labImage).where(eq(labImage.id, exp.imagesName))))!
    return { row: await reserveSlot(labs, t.system('100001'), exp, image), image }
  }
  const rows = (rowIds: string[]) => t.services.db.select().from(userContainer).where(inArray(userContainer.id, rowIds))
  const open = (experimentId: string) => t.get(`${E}/openExperimentToContainer`, admin, { experimentId })
  const backdate = async (rowIds: string[], seconds: number) => {
    await t.services.db
      .update(userContainer)
      .set({ lastActive: at(Date.now() - seconds * 1000) })
      .where(inArray(userContainer.id, rowIds))
  }

  it('a claim without a container counts only within the start timeout, and one reaper pass ends it with its container', async () => {
    // What a kill -9 leaves: two running rows with no container id; one open had already made its container.
    const a = await claim(ids[0])
    const b = await claim(ids[1])
    expect((await rows([a.row.id, b.row.id])).map((r) => [r.state, r.containerId])).toEqual([
      ['running', null],
      ['running', null],
    ])
    const made = await createContainer(labs, a.image, {
      name: labName(labs.applianceId, a.row.id),
      volume: volumeName(labs.applianceId, a.row.id),
      networkKey: a.row.id,
      labels: { [L.tenant]: '100001', [L.lab]: a.row.id },
    })

    // Fresh claims are opens in flight: they hold the school's two places.
    const full = await open(ids[2])
    expect(full.status).toBe(429)

    // Past the start timeout they no longer count, even before a reaper pass.
    await backdate([a.row.id, b.row.id], 61)
    const opened = await open(ids[2])
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)

    await labs.reapOnce()
    expect((await rows([a.row.id, b.row.id])).map((r) => [r.state, r.endReason])).toEqual([
      ['ended', 'interrupted'],
      ['ended', 'interrupted'],
    ])
    expect(await labs.host.inspect(made.containerId)).toBeNull()
    // The lab that really runs is untouched by the pass.
    expect((await rows([opened.body.data.id]))[0].state).toBe('running')
    expect((await labs.host.inspect(opened.body.data.containerId))?.running).toBe(true)
  })

  it('`atrium labs prune` ends claims older than its grace as well', async () => {
    const c = await claim(ids[3])
    expect((await prune(labs, 120_000)).interrupted).toBe(0)
    await backdate([c.row.id], 121)
    expect((await prune(labs, 120_000)).interrupted).toBe(1)
    expect((await rows([c.row.id]))[0]).toMatchObject({ state: 'ended', endReason: 'interrupted' })
  })
})

/**
 * Issue #27: opens claimed at once from several processes of one appliance. On PostgreSQL each claim goes through
 * its own connection, as from another process, under READ COMMITTED; on SQLite through the process's one connection
 * (another process would wait for the file's write lock the same way). The database makes them take turns: one
 * learner's lab is claimed once, and a school never gets more running labs than its places.
 */
describeDocker('lab claims made at once through several connections', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-claims-'))
  const database = await seededDatabase(dir)
  const t = await testApp(database)
  const labs = t.services.labs
  Object.assign(labs.settings, { maxPerTenant: 3 })
  cleanUpAfter(() => labs.applianceId)
  const connections = onPostgres
    ? Array.from({ length: 6 }, () => openDatabase({ dbFile: '', databaseUrl: database.ATRIUM_DATABASE_URL }))
    : [t.services.db]
  afterAll(async () => {
    if (onPostgres) for (const db of connections) await closeDb(db)
    rmSync(dir, { recursive: true, force: true })
  })
  let ids: string[]

  beforeAll(async () => {
    ids = (await schoolExperiments(t.post, await t.token('admin', 'admin', '100001'), 4)).experimentIds
  })

  /** `times` claims of each experiment, all at once, spread over the connections; answers how each ended. */
  const claimAtOnce = async (experimentIds: string[], times: number) => {
    const tries = experimentIds.flatMap((experimentId) => Array.from({ length: times }, () => experimentId))
    return Promise.all(
      tries.map(async (experimentId, i) => {
        const db = connections[i % connections.length]
        const exp = (await first(db.select().from(experiment).where(eq(experiment.id, experimentId))))!
        const image = (await first(db.select().from(labImage).where(eq(labImage.id, exp.imagesName))))!
        try {
          await reserveSlot(labs, { ...t.system('100001'), db }, exp, image)
          return 'claimed'
        } catch (e) {
          if (e instanceof AlreadyClaimed) return 'already'
          if (e instanceof ApiError) return e.key
          throw e
        }
      }),
    )
  }
  const states = async (experimentIds: string[]) =>
    (
      await t.services.db
        .select({ experimentId: userContainer.experimentId, state: userContainer.state })
        .from(userContainer)
        .where(and(eq(userContainer.tenantId, '100001'), inArray(userContainer.experimentId, experimentIds)))
    )
      .map((r) => `${ids.indexOf(r.experimentId)} ${r.state}`)
      .sort()

  it("one learner's lab is claimed once; the school's last places go to as many labs as there are", async () => {
    const one = await claimAtOnce([ids[0]], 12)
    expect(one.filter((r) => r === 'claimed')).toHaveLength(1)
    expect(one.filter((r) => r !== 'claimed')).toEqual(Array(11).fill('already'))
    expect(await states([ids[0]])).toEqual(['0 running'])

    // Two places left for three experiments, each asked for four times at once: two labs run, one waits in line.
    const rest = await claimAtOnce(ids.slice(1), 4)
    const tally = (answers: string[]) =>
      Object.fromEntries([...new Set(answers)].sort().map((a) => [a, answers.filter((b) => b === a).length]))
    expect(tally(rest)).toEqual({ already: 6, claimed: 2, 'lab.tenantFull': 4 })
    const rows = await states(ids.slice(1))
    expect(rows.filter((r) => r.endsWith('running'))).toHaveLength(2)
    expect(rows.filter((r) => r.endsWith('queued'))).toHaveLength(1)
    expect(rows).toHaveLength(3)
  })
  it('enrolments of the same learners at once add each of them once', async () => {
    // The demo school's experiment and people (its student is enrolled already).
    const people = eq(user.tenantId, '000000')
    const learners = (await t.services.db.select({ id: user.id }).from(user).where(people).limit(4)).map((u) => u.id)
    expect(learners.length).toBeGreaterThan(1)
    const demo = (await first(t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
    const enrolled = async () =>
      (
        await t.services.db
          .select({ userId: experimentUser.userId })
          .from(experimentUser)
          .where(eq(experimentUser.experimentId, demo.id))
      )
        .map((r) => r.userId)
        .sort()
    const before = await enrolled()
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        enrol({ ...t.system('000000'), db: connections[i % connections.length] }, demo.id, learners, people),
      ),
    )
    expect(added.reduce((a, b) => a + b, 0)).toBe(learners.filter((id) => !before.includes(id)).length)
    expect(await enrolled()).toEqual([...new Set([...before, ...learners])].sort())
  })
})
