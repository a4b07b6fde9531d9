import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { blogDetail } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { uploadFile } from '../../../tests/support/upload.ts'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n' + 'x'.repeat(800))

/**
 * The content back office's verbs beyond CRUD, declared on their resources (issue #26): a news item's body read
 * and saved through the item, the cloud folders' trees and a document's description and file updated apart, and
 * the courseware steps and series courses the course screens read. Each answers bad input with a 400 naming the
 * field, another school's row with a 404 and a student with a 403. Real SQLite, real HTTP, real uploads.
 */
describe('content back office: declared verbs', async () => {
  const t = await testApp()
  const otherAdmin = () => t.token('admin', 'admin', '100001')

  it("reads and saves a news item's body through the item: sanitised, one row, fields named", async () => {
    const admin = await t.token('admin')
    const news = (
      await t.post('/api/blade-blog/blog/submit', admin, {
        title: '正文测试',
        category: 1,
        releaseTime: '2024-09-01 08:00:00',
      })
    ).body.data
    const read = async (token = admin) => t.get('/api/blade-blog/blogDetail/content', token, { blogId: news.id })
    expect((await read()).body.data).toEqual({ blogId: news.id, content: '' })

    const first = await t.post('/api/blade-blog/blogDetail/save', admin, {
      blogId: news.id,
      content: '<p>第一版</p><script>alert(1)</script>',
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ blogId: news.id, content: '<p>第一版</p>' })
    await t.post('/api/blade-blog/blogDetail/save', admin, { blogId: news.id, content: '<p>第二版</p>' })
    // The item keeps one body row, replaced in place; the editor reads it back by blogId or id.
    expect(await t.services.db.select().from(blogDetail).where(eq(blogDetail.blogId, news.id))).toHaveLength(1)
    expect((await read()).body.data.content).toBe('<p>第二版</p>')
    expect((await t.get('/api/blade-blog/blogDetail/content', admin, { id: news.id })).body.data.content).toBe(
      '<p>第二版</p>',
    )

    const nameless = await t.post('/api/blade-blog/blogDetail/save', admin, { content: '<p>x</p>' })
    expect([nameless.status, nameless.body.field]).toEqual([400, 'id'])
    const shapeless = await t.post('/api/blade-blog/blogDetail/save', admin, { blogId: news.id, content: { a: 1 } })
    expect([shapeless.status, shapeless.body.field]).toEqual([400, 'content'])
    expect((await read(await t.token('student'))).status).toBe(403)
    expect(
      (await t.post('/api/blade-blog/blogDetail/save', await t.token('student'), { blogId: news.id })).status,
    ).toBe(403)
    const theirs = await otherAdmin()
    expect((await read(theirs)).status).toBe(404)
    expect(
      (await t.post('/api/blade-blog/blogDetail/save', theirs, { blogId: news.id, content: '<p>x</p>' })).status,
    ).toBe(404)
    expect((await read()).body.data.content).toBe('<p>第二版</p>')
  })

  it("answers the folders as a whole and a lazy tree, and updates a document's description and file apart", async () => {
    const admin = await t.token('admin')
    const root = (await t.post('/api/cloud-document/folder/submit', admin, { name: '声明式根' })).body.data
    const sub = (await t.post('/api/cloud-document/folder/submit', admin, { name: '声明式子', parentId: root.id })).body
      .data
    const whole = (await t.get('/api/cloud-document/folder/tree', admin)).body.data
    const node = whole.find((f: { id: string }) => f.id === root.id)
    expect(node).toMatchObject({ name: '声明式根', hasChildren: true })
    expect(node.children.map((f: { name: string }) => f.name)).toEqual(['声明式子'])
    const top = (await t.get('/api/cloud-document/folder/lazy-tree', admin)).body.data
    expect(top.find((f: { id: string }) => f.id === root.id)).toMatchObject({ hasChildren: true })
    expect((await t.get('/api/cloud-document/folder/lazy-tree', admin, { parentId: root.id })).body.data).toEqual([
      expect.objectContaining({ id: sub.id, name: '声明式子', hasChildren: false }),
    ])

    const md = await uploadFile(t, new File([new TextEncoder().encode('# 第一章')], 'one.md'), admin, 'document')
    const pdf = await uploadFile(t, new File([PDF], 'one.pdf'), admin, 'document')
    const doc = (
      await t.post('/api/cloud-document/document/submit', admin, {
        folderId: sub.id,
        title: '讲义',
        fileAddress: pdf.link,
      })
    ).body.data
    const info = (await t.get('/api/cloud-document/document/info', admin, { id: doc.id })).body.data
    expect(info).toMatchObject({ id: doc.id, fileType: 'pdf', text: null })
    expect(info.link).toBeTruthy()

    // update-info changes the description and never the file, even when a file is sent.
    const described = await t.post('/api/cloud-document/document/update-info', admin, {
      id: doc.id,
      title: '讲义 v2',
      intro: '第二版',
      fileAddress: md.link,
    })
    expect(described.status).toBe(200)
    expect(described.body.data).toMatchObject({ title: '讲义 v2', intro: '第二版', fileType: 'pdf' })
    // Each field is answered by the document's field description, in the caller's language.
    const long = await t.post('/api/cloud-document/document/update-info', admin, { id: doc.id, title: 'x'.repeat(201) })
    expect([long.status, long.body.field]).toEqual([400, 'title'])
    const noId = await t.post('/api/cloud-document/document/update-info', admin, { title: '无编号' })
    expect([noId.status, noId.body.field]).toEqual([400, 'id'])

    // update is a submit of an existing document: the file may change, and the type follows it.
    const replaced = await t.post('/api/cloud-document/document/update', admin, { id: doc.id, fileAddress: md.link })
    expect(replaced.body.data).toMatchObject({ title: '讲义 v2', fileType: 'md' })
    expect((await t.get('/api/cloud-document/document/info', admin, { id: doc.id })).body.data.text).toBe('# 第一章')
    const updateNoId = await t.post('/api/cloud-document/document/update', admin, { title: 'x' })
    expect([updateNoId.status, updateNoId.body.field]).toEqual([400, 'id'])
    const blank = await t.post('/api/cloud-document/document/update', admin, { id: doc.id, title: '' })
    expect([blank.status, blank.body.field]).toEqual([400, 'title'])

    const theirs = await otherAdmin()
    expect((await t.get('/api/cloud-document/document/info', theirs, { id: doc.id })).status).toBe(404)
    expect(
      (await t.post('/api/cloud-document/document/update-info', theirs, { id: doc.id, title: '他校' })).status,
    ).toBe(404)
    expect((await t.post('/api/cloud-document/document/update', theirs, { id: doc.id, title: '他校' })).status).toBe(
      404,
    )
    expect(
      (await t.get('/api/cloud-document/folder/tree', theirs)).body.data.some((f: { id: string }) => f.id === root.id),
    ).toBe(false)
    expect((await t.get('/api/cloud-document/folder/tree', await t.token('student'))).status).toBe(403)
    expect((await t.get('/api/cloud-document/document/detail', admin, { id: doc.id })).body.data.title).toBe('讲义 v2')
  })

  it("reads a courseware's steps and a series' courses in order, through the courseware and the series", async () => {
    const admin = await t.token('admin')
    const ware = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, { title: '步骤课件', screen: 2, type: 4 })
    ).body.data
    for (const [title, sort] of [
      ['第二步', 2],
      ['第一步', 1],
    ] as const)
      await t.post('/api/hm-wareStep/wareStep/submit', admin, { wareId: ware.id, title, sort, content: '<p>做</p>' })
    const steps = async (q: Record<string, string>, token = admin) =>
      t.get('/api/hm-wareStep/wareStep/getWareStep', token, q)
    expect((await steps({ id: ware.id })).body.data.map((s: { title: string }) => s.title)).toEqual([
      '第一步',
      '第二步',
    ])
    expect((await steps({ wareId: ware.id })).body.data).toHaveLength(2)
    const noWare = await steps({})
    expect([noWare.status, noWare.body.field]).toEqual([400, 'id'])
    expect((await steps({ id: ware.id }, await otherAdmin())).status).toBe(404)

    const sr = (await t.post('/api/blade-series/series/submit', admin, { title: '声明式系列' })).body.data
    const titles = ['系列课乙', '系列课甲']
    const links: string[] = []
    for (const [i, title] of titles.entries()) {
      const c = (await t.post('/api/hm-course/course/submit', admin, { title })).body.data
      links.push(
        (
          await t.post('/api/blade-courseSeries/courseSeries/submit', admin, {
            seriesId: sr.id,
            courseId: c.id,
            sort: 2 - i,
          })
        ).body.data.id,
      )
    }
    const courses = async (q: Record<string, string>, token = admin) =>
      t.get('/api/blade-courseSeries/courseSeries/getCourseSeries', token, q)
    expect(
      (await courses({ seriesId: sr.id })).body.data.map((c: { title: string; linkId: string }) => [c.title, c.linkId]),
    ).toEqual([
      ['系列课甲', links[1]],
      ['系列课乙', links[0]],
    ])
    expect((await courses({ id: sr.id })).body.data).toHaveLength(2)
    expect((await courses({ id: sr.id }, await otherAdmin())).status).toBe(404)
    expect((await courses({ id: sr.id }, await t.token('student'))).status).toBe(403)
  })
})
