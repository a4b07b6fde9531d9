/**
 * Verbs beyond CRUD are declared as `actions` on their resource, not as
 * hand-written routes: each is mounted at its contract path, tagged with its
 * button code (so the permission matrix walks it), and callable as a gated
 * operation with an explicit actor (the CLI's way). Real SQLite, real HTTP.
 */
import { describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { courseCard, courseUser } from '../../db/schema/index.ts'
import { actionCodes, type ActionDef } from '../../server/lib/resource-actions.ts'
import type { AnyResource } from '../../server/lib/resource.ts'
import { resolveCtx } from '../../server/lib/auth-context.ts'
import type { ApiError } from '../../server/lib/errors.ts'
import { first } from '../../server/lib/rows.ts'
import { blogDetailResource } from '../../server/modules/content/blog.ts'
import { documentResource } from '../../server/modules/content/cloud.ts'
import { cardResource } from '../../server/modules/course/card.ts'
import { courseUserResource } from '../../server/modules/course/enrolment.ts'
import { paperTimeResource } from '../../server/modules/exam/paper-time.ts'
import { teamResource } from '../../server/modules/exam/team.ts'
import { productOtaResource } from '../../server/modules/iot/ota.ts'
import { experimentResource } from '../../server/modules/lab/experiment.ts'
import { experimentUserResource } from '../../server/modules/lab/experiment-user.ts'
import { imageResource } from '../../server/modules/lab/images.ts'
import { ossResource } from '../../server/modules/resource/oss.ts'
import { testApp } from '../support/harness.ts'

/** [resource, action, contract path, the code that grants it] — moved off hand-written routes. */
const MOVED: [AnyResource, string, string, string[]][] = [
  [cardResource, 'generate', '/api/hm-courseCard/courseCard/generate', ['content:card:add']],
  [courseUserResource, 'verify', '/api/hm-courseUser/courseUser/verify', ['content:review', 'content:course:audit']],
  [courseUserResource, 'addCourseUser', '/api/hm-courseUser/courseUser/addCourseUser', ['content:course:user']],
  [blogDetailResource, 'save', '/api/blade-blog/blogDetail/save', ['content:blog:edit']],
  [documentResource, 'update-info', '/api/cloud-document/document/update-info', ['content:cloud:edit']],
  [documentResource, 'update', '/api/cloud-document/document/update', ['content:cloud:edit']],
  [
    paperTimeResource,
    'distributeResults',
    '/api/hm-paperTime/paperTime/distributeResults',
    ['exam:paperTime:distribute'],
  ],
  [
    paperTimeResource,
    'correctingPapers',
    '/api/hm-paperTime/paperTimeUser/correctingPapers',
    ['exam:paperTime:correct'],
  ],
  [teamResource, 'addStudents', '/api/hm-teamUser/teamUser/addStudents', ['exam:team:edit']],
  [teamResource, 'removeMembers', '/api/hm-teamUser/teamUser/remove', ['exam:team:edit']],
  [productOtaResource, 'start', '/api/blade-productOta/productOta/start', ['iot:ota:rollout']],
  [productOtaResource, 'pause', '/api/blade-productOta/productOta/pause', ['iot:ota:pause']],
  [productOtaResource, 'resume', '/api/blade-productOta/productOta/resume', ['iot:ota:pause']],
  [productOtaResource, 'cancel', '/api/blade-productOta/productOta/cancel', ['iot:ota:cancel']],
  [productOtaResource, 'retry', '/api/blade-productOta/productOta/retry', ['iot:ota:retry']],
  [
    experimentUserResource,
    'addExperimentUser',
    '/api/blade-experimentUser/experimentUser/addExperimentUser',
    ['lab:experiment:enrol'],
  ],
  [experimentUserResource, 'signUp', '/api/nep-wbp/experimentUser/signUp', ['auth']],
  [experimentResource, 'stop', '/api/hm-userContainer/userContainer/stop', ['lab:running:stop']],
  [experimentResource, 'uploadContainerFile', '/api/nep-wbp/experiment/uploadContainerFile', ['auth']],
  [imageResource, 'import', '/api/hm-images/images/import', ['lab:image:import']],
  [imageResource, 'build', '/api/hm-images/images/build', ['lab:image:build']],
  [ossResource, 'enable', '/api/blade-resource/oss/enable', ['resource:oss:enable']],
]

describe('verbs are actions of their resources', async () => {
  const t = await testApp()
  const db = t.services.db
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: ApiError) => ({ status: e.status, key: e.key, field: e.field }),
    )

  it('each moved verb is one route at its contract path, with its button code', () => {
    for (const [resource, name, path, codes] of MOVED) {
      const def = resource.options.actions?.[name] as ActionDef<never> | undefined
      expect(def, `${path} is declared as an action`).toBeTruthy()
      expect(actionCodes(resource.options.code, def as never), path).toEqual(codes)
      expect(
        t.app.routes.filter((r) => r.method === 'POST' && r.path === path),
        path,
      ).toHaveLength(1)
    }
  })

  it('the CLI way: course cards and enrolment review through the operations, gated like the routes', async () => {
    const admin = await t.token('admin')
    const camp = (await t.post('/api/hm-course/course/submit', admin, { title: '动作测试营', type: 2, isAuth: 1 })).body
      .data
    const system = t.system()
    const batch = await cardResource.ops.actions.generate(system, { body: { courseId: camp.id, count: 3 } })
    expect(batch.count).toBe(3)
    const [{ n }] = await db
      .select({ n: count() })
      .from(courseCard)
      .where(and(eq(courseCard.batchNo, batch.batchNo), eq(courseCard.courseId, camp.id)))
    expect(n).toBe(3)
    // The action checks its body with the area's messages, as the route did.
    expect(
      await refusal(cardResource.ops.actions.generate(system, { body: { courseId: camp.id, count: 0 } })),
    ).toMatchObject({ status: 400, key: 'card.count', field: 'count' })

    const student = await resolveCtx(t.services, { 'blade-auth': `bearer ${await t.token('student')}` })
    expect(
      await refusal(cardResource.ops.actions.generate(student, { body: { courseId: camp.id, count: 1 } })),
    ).toMatchObject({ status: 403 })

    expect(
      (await t.post('/api/nep-wbp/courseUser/signUp', await t.token('student'), { courseId: camp.id })).status,
    ).toBe(200)
    const pending = (await first(db.select().from(courseUser).where(eq(courseUser.courseId, camp.id))))!
    expect(pending.status).toBe(0)
    expect(await courseUserResource.ops.actions.verify(system, { ids: pending.id, body: { status: 1 } })).toBeNull()
    expect((await first(db.select().from(courseUser).where(eq(courseUser.id, pending.id))))!.status).toBe(1)
    expect(
      await refusal(courseUserResource.ops.actions.verify(system, { ids: pending.id, body: { status: 7 } })),
    ).toMatchObject({ status: 400, key: 'enrol.status', field: 'status' })
    // Another tenant's administrator does not find the enrolment at all.
    const theirs = await resolveCtx(t.services, {
      'blade-auth': `bearer ${await t.token('admin', 'admin', '100001')}`,
    })
    expect(
      await refusal(courseUserResource.ops.actions.verify(theirs, { ids: pending.id, body: { status: 2 } })),
    ).toMatchObject({ status: 404 })
  })
})
