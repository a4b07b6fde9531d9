import { first } from '../../lib/rows.ts'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'

describe('labs without a reachable engine', async () => {
  const t = await testApp({ DOCKER_HOST: 'unix:///tmp/atrium-no-such-engine.sock' })

  it('health reports Docker down, lab calls say so plainly, everything else works', async () => {
    const health = await t.get('/api/health')
    expect(health.status).toBe(200)
    expect(health.body.data.docker).toBe('down')
    const student = await t.token('student')
    const exp = (await first(t.services.db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
    const open = await t.call('GET', '/api/hm-experiment/experiment/openExperimentToContainer', {
      token: student,
      query: { experimentId: exp.id },
      lang: 'en',
    })
    expect(open.status).toBe(503)
    expect(open.body.msg).toMatch(/^the lab engine \(Docker\) is not reachable right now/)
    const state = await t.get('/api/hm-experiment/experiment/labState', student, { experimentId: exp.id })
    expect(state.body.data).toEqual({ engine: 'down', lab: null })
    // The catalogue, steps and the rest of the appliance carry on.
    expect((await t.get('/api/nop-wbp/experiment/detail', undefined, { id: exp.id })).body.data.title).toBe(
      'Linux 命令行入门',
    )
    expect(
      (await t.get('/api/hm-experimentStep/experimentStep/getSteps', student, { experimentId: exp.id })).body.data,
    ).toHaveLength(3)
    expect((await t.get('/api/blade-system/user/info', student)).status).toBe(200)
    // The reaper and start-up reconcile skip quietly.
    await t.services.labs.start()
    await t.services.labs.reapOnce()
    await t.services.labs.stop()
  })
})
