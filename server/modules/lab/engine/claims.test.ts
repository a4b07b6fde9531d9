import { beforeAll, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { experiment, labImage, userContainer } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker } from '../../../../tests/support/docker.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { createContainer } from './containers.ts'
import { L, at, labName, volumeName } from './names.ts'
import { prune } from './prune.ts'
import { first } from '../../../lib/rows.ts'
import { reserveSlot } from './quota.ts'

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
