import { first } from '../../lib/rows.ts'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment, experimentUser, user } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { experimentResource } from './experiment.ts'
import { imageResource } from './images.ts'

/**
 * The labs' verbs are actions of their resources (issue #26): each answers bad input with a 400 naming the
 * field, in the caller's language, before anything reaches the Docker engine; each keeps its code. Real SQLite,
 * real HTTP.
 */
describe('lab actions check what they take', async () => {
  const t = await testApp()
  const db = t.services.db
  const demo = async () => (await first(db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
  const refused = async (r: Promise<{ status: number; body: { field?: string; msg?: string } }>, field: string) => {
    const { status, body } = await r
    expect(status, JSON.stringify(body)).toBe(400)
    expect(body.field).toBe(field)
    return body.msg
  }

  it('image import, build and progress', async () => {
    const admin = await t.token('admin')
    const post = (verb: string, body: unknown) =>
      t.call('POST', `/api/hm-images/images/${verb}`, { token: admin, body, lang: 'en' })
    await refused(post('import', {}), 'file')
    await refused(post('build', { title: 'x' }), 'imageId')
    await refused(post('build', { imageId: 'Not A Tag' }), 'imageId')
    await refused(post('build', { imageId: 'atrium/t000000/ok:1' }), 'file')
    await refused(post('import', { title: 'x'.repeat(101) }), 'title')
    await refused(t.call('GET', '/api/hm-images/images/progress', { token: admin, query: { id: 'x' } }), 'id')
    const student = await t.token('student')
    expect((await t.call('POST', '/api/hm-images/images/build', { token: student, body: {} })).status).toBe(403)
  })

  it("a learner's own verbs: sign-up, steps, renewal, reset, upload", async () => {
    const student = await t.token('student')
    const signUp = (body: unknown) =>
      t.call('POST', '/api/nep-wbp/experimentUser/signUp', { token: student, body, lang: 'en' })
    expect(await refused(signUp({ experimentId: 'x' }), 'experimentId')).toBeTruthy()
    expect((await signUp({ experimentId: (await demo()).id })).body.data).toEqual({ enrolled: true })
    const me = (await first(db.select().from(user).where(eq(user.account, 'student'))))!
    const demoId = (await demo()).id
    const mine = (await db.select().from(experimentUser).where(eq(experimentUser.userId, me.id))).filter(
      (r) => r.experimentId === demoId,
    )
    // Signing up twice keeps one enrolment.
    expect((await signUp({ experimentId: (await demo()).id })).status).toBe(200)
    expect(
      (await db.select().from(experimentUser).where(notDeleted(experimentUser))).filter(
        (r) => r.userId === me.id && r.experimentId === demoId,
      ),
    ).toHaveLength(mine.length)
    await refused(
      t.call('GET', '/api/hm-experimentStep/experimentStep/getSteps', { token: student, query: { experimentId: 'x' } }),
      'experimentId',
    )
    const steps = await t.get('/api/hm-experimentStep/experimentStep/getSteps', student, { id: (await demo()).id })
    expect(steps.body.data.map((s: { sort: number }) => s.sort)).toEqual([1, 2, 3])
    await refused(
      t.call('GET', '/api/hm-userContainer/userContainer/refreshContainerTime', {
        token: student,
        query: { id: 'x' },
      }),
      'id',
    )
    await refused(
      t.call('GET', '/api/nep-wbp/experiment/resetExperiment', { token: student, query: { experimentId: 'x' } }),
      'experimentId',
    )
    await refused(
      t.call('POST', '/api/nep-wbp/experiment/uploadContainerFile', {
        token: student,
        body: { experimentId: (await demo()).id },
      }),
      'file',
    )
    await refused(
      t.call('GET', '/api/nep-wbp/experiment/getContainerFile', { token: student, query: { experimentId: 'x' } }),
      'experimentId',
    )
    await refused(t.call('GET', '/api/hm-experiment/experiment/webUrl', { token: student, query: {} }), 'id')
  })

  it('the running-labs verbs keep their codes; stop names a bad id list', async () => {
    const student = await t.token('student')
    for (const [method, path] of [
      ['GET', '/api/hm-userContainer/userContainer/running'],
      ['GET', '/api/hm-userContainer/userContainer/pool'],
      ['POST', '/api/hm-userContainer/userContainer/stop'],
    ])
      expect((await t.call(method, path, { token: student, body: method === 'POST' ? {} : undefined })).status).toBe(
        403,
      )
    const admin = await t.token('admin')
    const zh = await refused(
      t.call('POST', '/api/hm-userContainer/userContainer/stop', { token: admin, body: { ids: { a: 1 } } }),
      'ids',
    )
    expect(zh).toMatch(/[\u4e00-\u9fff]/)
  })

  it('called as operations (the CLI way), the engine verbs say they run through their routes', async () => {
    const system = t.system()
    await expect(experimentResource.ops.actions.pool(system)).rejects.toThrow(/through its route/)
    // The file is checked first, as on the route.
    await expect(imageResource.ops.actions.import(system, { body: {} })).rejects.toMatchObject({
      status: 400,
      field: 'file',
    })
  })
})
