/**
 * Hand-written routes of a non-system area keep the data scope: a teacher
 * whose role holds "own rows only" for a content code (the default since
 * issue #24; an administrator may widen it to "all rows") does not see, through
 * the area's hand-written routes, the rows a colleague created — while the
 * portal's public read of the same table (publicRows, said by name) still
 * shows every row to learners. Real SQLite, real HTTP answers.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { role, roleScope, scopeData } from '../../db/schema/index.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { testApp } from '../support/harness.ts'

describe('data scope on hand-written routes (content area)', async () => {
  const t = await testApp()
  const db = t.services.db
  const undo: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    while (undo.length) await undo.pop()!()
  })

  /**
   * The teacher role holds "rows they created" on the content codes by default (db/reference/areas/content.ts);
   * this widens it with the reference's "all rows" scope, as an administrator would, and answers how to undo it.
   */
  async function widenTeacher(code: string) {
    const teacher = (await first(
      db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher'))),
    ))!
    const all = (await first(
      db
        .select({ id: scopeData.id })
        .from(scopeData)
        .where(and(eq(scopeData.tenantId, '000000'), eq(scopeData.resourceCode, code), eq(scopeData.scopeType, 1))),
    ))!
    const grant = (await first(
      db.insert(roleScope).values({ id: newId(), roleId: teacher.id, scopeId: all.id, scopeCategory: 1 }).returning(),
    ))!
    const narrow = async () => {
      await db.delete(roleScope).where(eq(roleScope.id, grant.id))
    }
    undo.push(narrow)
    return narrow
  }

  it("the enrolment review lists only the applications to the teacher's own camps", async () => {
    const [admin, teacher, student] = [await t.token('admin'), await t.token('teacher'), await t.token('student')]
    const C = '/api/hm-course/course'
    const theirs = (await t.post(`${C}/submit`, admin, { title: '管理员的实训营', type: 2, isAuth: 1 })).body.data
    const mine = (await t.post(`${C}/submit`, teacher, { title: '教师的实训营', type: 2, isAuth: 1 })).body.data
    expect(theirs.id && mine.id).toBeTruthy()
    for (const c of [theirs, mine])
      expect((await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: c.id })).status).toBe(200)

    const APPS = '/api/blade-system/user/getCourseExamineUserPage'
    const courses = async () =>
      new Set(
        ((await t.get(APPS, teacher, { type: 2, size: 100 })).body.data.records as { courseId: string }[]).map(
          (r) => r.courseId,
        ),
      )
    const reviewable = async () =>
      ((await t.get(`${C}/getExaminePage`, teacher, { type: 2, size: 100 })).body.data.records as { id: string }[]).map(
        (r) => r.id,
      )
    const narrow = await widenTeacher('content:course')
    expect(await courses()).toEqual(new Set([theirs.id, mine.id]))
    expect(await reviewable()).toEqual(expect.arrayContaining([theirs.id, mine.id]))

    await narrow()
    expect(await courses()).toEqual(new Set([mine.id]))
    expect(await reviewable()).toContain(mine.id)
    expect(await reviewable()).not.toContain(theirs.id)

    // Approving an application to a camp outside the scope is refused as if it were not there.
    const app = (await t.get(APPS, admin, { courseId: theirs.id })).body.data.records[0]
    expect(
      (await t.post('/api/hm-courseUser/courseUser/verify', teacher, undefined, { ids: app.id, status: 1 })).status,
    ).toBe(404)
  })

  it("the cloud folders' lazy tree hides a colleague's folders; the portal's public tree still shows them", async () => {
    const [admin, teacher, student] = [await t.token('admin'), await t.token('teacher'), await t.token('student')]
    const F = '/api/cloud-document/folder'
    const theirs = (await t.post(`${F}/submit`, admin, { name: '管理员的文件夹', parentId: '0' })).body.data
    const mine = (await t.post(`${F}/submit`, teacher, { name: '教师的文件夹', parentId: '0' })).body.data
    const names = async (path: string, token: string) =>
      ((await t.get(path, token, { parentId: '0' })).body.data as { name: string }[]).map((f) => f.name)

    const narrow = await widenTeacher('content:cloud')
    expect(await names(`${F}/lazy-tree`, teacher)).toEqual(expect.arrayContaining([theirs.name, mine.name]))
    await narrow()
    const scoped = await names(`${F}/lazy-tree`, teacher)
    expect(scoped).toContain(mine.name)
    expect(scoped).not.toContain(theirs.name)
    // The administrator holds every row; the portal reads the school's folders for everyone (publicRows).
    expect(await names(`${F}/lazy-tree`, admin)).toEqual(expect.arrayContaining([theirs.name, mine.name]))
    expect(await names('/api/nop-wbp/folder/lazy-tree', student)).toEqual(
      expect.arrayContaining([theirs.name, mine.name]),
    )
  })
})
