import { beforeAll, describe, expect, it } from 'vitest'
import { bannerFields, blogFields, documentFields, downloadFields, folderFields } from '../../../db/fields/content.ts'
import {
  cardFields,
  courseFields,
  sectionFields,
  seriesFields,
  wareFields,
  wareStepFields,
} from '../../../db/fields/course.ts'
import { messageFields } from '../../../db/fields/message.ts'
import { experimentUserFields } from '../../../db/fields/lab.ts'
import type { Fields } from '../../../db/fields/types.ts'
import { expectRequiredRefusals } from '../../../tests/support/field-checks.ts'
import { testApp } from '../../../tests/support/harness.ts'

/**
 * The teaching-content resources validate with their one field description
 * (db/fields/course.ts, content.ts), the same the back-office screens show: a missing (or
 * blank) required field is a 400 naming it in the description's wording, in
 * both languages; a text over the description's length is a 400 naming it;
 * a taken card number reads like the form.
 */
describe('content field descriptions, server side', async () => {
  const t = await testApp()
  let admin: string
  let courseId: string
  let wareId: string
  let folderId: string

  const submit = async (path: string, body: Record<string, unknown>) => {
    const r = await t.post(`${path}/submit`, admin, body)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string }
  }

  beforeAll(async () => {
    admin = await t.token('admin')
    courseId = (await submit('/api/hm-course/course', { title: 'Fields course' })).id
    wareId = (await submit('/api/hm-courseWare/courseWare', { title: 'Steps', screen: 2, type: 4 })).id
    folderId = (await submit('/api/cloud-document/folder', { name: 'Fields folder' })).id
  })

  const forms: [string, string, Fields, () => Record<string, unknown>][] = [
    ['course', '/api/hm-course/course', courseFields, () => ({ title: 'A course' })],
    ['section', '/api/hm-courseSection/courseSection', sectionFields, () => ({ courseId, title: 'One' })],
    ['courseware', '/api/hm-courseWare/courseWare', wareFields, () => ({ title: 'Notes', screen: 1, type: 3 })],
    ['step', '/api/hm-wareStep/wareStep', wareStepFields, () => ({ wareId, title: 'Step 1' })],
    ['series', '/api/blade-series/series', seriesFields, () => ({ title: 'A series' })],
    ['card', '/api/hm-courseCard/courseCard', cardFields, () => ({ courseId, cardNumber: 'ABCD-EFGH-JKMN-PQRS' })],
    ['banner', '/api/wp-banner/banner', bannerFields, () => ({ cover: '/upload/banner/x.jpg', title: 'Hello' })],
    [
      'news',
      '/api/blade-blog/blog',
      blogFields,
      () => ({ title: 'News', category: 1, releaseTime: '2026-01-01 10:00:00' }),
    ],
    [
      'download',
      '/api/hm-download/download',
      downloadFields,
      () => ({ title: 'Guide', fileAddress: '/upload/download/x.pdf' }),
    ],
    ['folder', '/api/cloud-document/folder', folderFields, () => ({ name: 'Docs' })],
    [
      'document',
      '/api/cloud-document/document',
      documentFields,
      () => ({ title: 'Manual', folderId, fileAddress: '/upload/document/x.pdf' }),
    ],
    [
      'lab enrolment',
      '/api/blade-experimentUser/experimentUser',
      experimentUserFields,
      () => ({ experimentId: '1', userId: '1' }),
    ],
  ]

  it.each(forms)('%s: each required field missing → 400 with its message in zh and en', (_, path, fields, valid) =>
    expectRequiredRefusals(t, admin, `${path}/submit`, fields, valid),
  )

  it('the wording is the spec’s, and a course and its sections keep their own although they share a permission code', async () => {
    const en = (path: string, body: Record<string, unknown>) =>
      t.call('POST', `${path}/submit`, { token: admin, body, lang: 'en' }).then((r) => r.body.msg)
    expect(await en('/api/hm-courseWare/courseWare', { screen: 1, type: 3 })).toBe('please enter the courseware name')
    expect(await en('/api/hm-courseWare/courseWare', { title: 'x', type: 3 })).toBe('please select the scenario')
    expect(await en('/api/hm-courseWare/courseWare', { title: 'x', screen: 1 })).toBe(
      'please select the courseware type',
    )
    expect(await en('/api/wp-banner/banner', { title: 'x' })).toBe('please upload an image')
    expect(await en('/api/hm-course/course', {})).toBe('please enter the course name')
    expect(await en('/api/hm-courseSection/courseSection', { courseId })).toBe('please enter the section name')
  })

  it('a text over its length is a 400 naming the field; a taken card number reads like the form', async () => {
    const long = await t.post('/api/hm-course/course/submit', admin, { title: 'x'.repeat(courseFields.title.max + 1) })
    expect(long.status).toBe(400)
    expect(long.body).toMatchObject({ field: 'title' })
    const number = 'TTTT-UUUU-VVVV-WWWW'
    await submit('/api/hm-courseCard/courseCard', { courseId, cardNumber: number })
    const again = await t.call('POST', '/api/hm-courseCard/courseCard/submit', {
      token: admin,
      body: { courseId, cardNumber: number },
      lang: 'en',
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ field: 'cardNumber', msg: 'the card number already exists' })
  })

  it('ratings take 1–5 whole stars and a card batch 1–1000 cards, in the words the forms use', async () => {
    const stars = { targetEvaluate: 5, contentEvaluate: 5, methodEvaluate: 5, effectEvaluate: 5 }
    for (const bad of [0, 6, 4.5]) {
      const r = await t.call('POST', '/api/hm-courseEvaluate/courseEvaluate/submit', {
        token: admin,
        body: { courseId, userId: '1', ...stars, methodEvaluate: bad },
        lang: 'en',
      })
      expect(r.status, `methodEvaluate ${bad}`).toBe(400)
      expect(r.body).toMatchObject({ field: 'methodEvaluate', msg: 'ratings must be 1 to 5 stars' })
    }
    for (const count of [0, 1001, 2.5]) {
      const r = await t.call('POST', '/api/hm-courseCard/courseCard/generate', {
        token: admin,
        body: { courseId, count },
        lang: 'zh',
      })
      expect(r.status, `count ${count}`).toBe(400)
      expect(r.body).toMatchObject({ field: 'count', msg: cardFields.count.range.message.zh })
    }
  })

  it("a message's save answers the description's wording too (it checks the body itself: no generic submit)", async () => {
    const save = (body: Record<string, unknown>) =>
      t.call('POST', '/api/blade-message/message/save', { token: admin, body, lang: 'en' })
    const noTitle = await save({ type: 1, receivers: '1' })
    expect(noTitle.body).toMatchObject({ field: 'title', msg: messageFields.title.required.en })
    const nobody = await save({ type: 1, title: 'Hello' })
    expect(nobody.body).toMatchObject({ field: 'receivers', msg: messageFields.receivers.required.en })
    const long = await save({ type: 1, title: 'x'.repeat(messageFields.title.max + 1), receivers: '1' })
    expect(long.body).toMatchObject({ field: 'title' })
    expect(long.status).toBe(400)
  })
})
