import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { cloudDocument, download, experiment, labImage } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { uploadFile } from '../../tests/support/upload.ts'
import { seedDemoLabs } from '../modules/lab/demo.ts'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
/** An MPEG audio frame header repeated: file-type reads it as MP3, the courseware kind takes it. */
const MP3 = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0xff, 0xfb, 0x90, 0x64, ...Array(413).fill(0)])))

/**
 * Fields naming stored files, written by an attacker: a school's administrator
 * (100001) and a teacher of 000000 point covers, videos, courseware, firmware
 * and avatars at files they may not read.
 */
describe('fields that name stored files', async () => {
  const t = await testApp()
  let schoolAdmin: string, teacher: string, student: string
  let studentVideo: { link: string }, schoolVideo: { link: string }, platformCover: string
  let schoolImage: string

  const upload = (token: string, file: File, kind: string) => uploadFile(t, file, token, kind)

  beforeAll(async () => {
    await seedDemoLabs(t.services.db, '100001')
    schoolImage = (await t.services.db.select({ id: labImage.id, tenantId: labImage.tenantId }).from(labImage)).find(
      (r) => r.tenantId === '100001',
    )!.id
    schoolAdmin = await t.token('admin', 'admin', '100001')
    teacher = await t.token('teacher')
    student = await t.token('student')
    studentVideo = await upload(student, new File([MP3], 'mine.mp3'), 'courseware')
    schoolVideo = await upload(schoolAdmin, new File([MP3], 'demo.mp3'), 'courseware')
    platformCover = (await upload(teacher, new File([Buffer.from(PNG, 'base64')], 'c.png'), 'image')).link
  })

  const experimentBody = (extra: Record<string, unknown>) => ({
    title: 'Polyglot',
    imagesName: schoolImage,
    status: 1,
    ...extra,
  })

  it("another school's private upload as an experiment video is a 400 naming the field, in zh and en", async () => {
    for (const [lang, msg] of [
      ['zh', '所选文件不存在，或不是本校你有权使用的文件'],
      ['en', 'the chosen file does not exist or is not a file of your school you may use'],
    ] as const) {
      const r = await t.call('POST', '/api/hm-experiment/experiment/submit', {
        token: schoolAdmin,
        body: experimentBody({ videoWareName: studentVideo.link }),
        lang,
      })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ field: 'videoWareName', msg })
    }
    // The same by storage key, by a made-up path and by another school's public cover.
    for (const value of [studentVideo.link.slice('/upload/'.length), '/upload/../secrets.json', platformCover]) {
      const r = await t.post(
        '/api/hm-experiment/experiment/submit',
        schoolAdmin,
        experimentBody({ videoWareName: value }),
      )
      expect(r.status, value).toBe(400)
      expect(r.body.field).toBe('videoWareName')
    }
    const cover = await t.post('/api/hm-course/course/submit', schoolAdmin, { title: 'Borrowed', cover: platformCover })
    expect(cover.status).toBe(400)
    expect(cover.body.field).toBe('cover')
  })

  it("the school's own video is accepted and the public detail signs it", async () => {
    const made = await t.post(
      '/api/hm-experiment/experiment/submit',
      schoolAdmin,
      experimentBody({ videoWareName: schoolVideo.link }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const detail = await t.call('GET', '/api/nop-wbp/experiment/detail', {
      query: { id: made.body.data.id },
      headers: { 'tenant-id': '100001' },
    })
    expect(detail.body.data.videoUrl).toMatch(/^\/upload\/private\/.+\?expires=\d+&sign=/)
  })

  it("an older row naming another school's file is never signed by the public detail, and its other edits still save", async () => {
    const made = await t.post('/api/hm-experiment/experiment/submit', schoolAdmin, experimentBody({}))
    expect(made.status).toBe(200)
    // As a row written before the check (or by hand) would be.
    await t.services.db
      .update(experiment)
      .set({ videoWareName: studentVideo.link })
      .where(eq(experiment.id, made.body.data.id))

    const detail = await t.call('GET', '/api/nop-wbp/experiment/detail', {
      query: { id: made.body.data.id },
      headers: { 'tenant-id': '100001' },
    })
    expect(detail.status).toBe(200)
    expect(detail.body.data.videoUrl).toBeNull()
    const edited = await t.post('/api/hm-experiment/experiment/submit', schoolAdmin, {
      ...experimentBody({ videoWareName: studentVideo.link }),
      id: made.body.data.id,
      title: 'Renamed',
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
  })

  it("the portal's download form never signs another school's file an older download row names", async () => {
    const pdf = await upload(schoolAdmin, new File(['%PDF-1.4\n%%EOF\n'], 'guide.pdf'), 'download')
    const dl = await t.post('/api/hm-download/download/submit', schoolAdmin, {
      title: 'Guide',
      fileAddress: pdf.link,
      status: 1,
    })
    expect(dl.status, JSON.stringify(dl.body)).toBe(200)
    const lead = {
      name: '王老师',
      phone: '13800138000',
      email: 'w@school.cn',
      unit: '一中',
      downloadFileId: dl.body.data.id,
    }
    const save = () =>
      t.call('POST', '/api/nop-wbp/downloadMessage/save', { body: lead, headers: { 'tenant-id': '100001' } })
    expect((await save()).body.data.link).toMatch(/\?expires=\d+&sign=/)
    await t.services.db.update(download).set({ fileAddress: studentVideo.link }).where(eq(download.id, dl.body.data.id))
    const refused = await save()
    expect(refused.status).toBe(404)
    expect(JSON.stringify(refused.body)).not.toContain('sign=')
  })

  it("a cloud document never signs or reads another school's file an older row names", async () => {
    const pdf = await upload(schoolAdmin, new File(['%PDF-1.4\n%%EOF\n'], 'notes.pdf'), 'document')
    const folder = await t.post('/api/cloud-document/folder/submit', schoolAdmin, { name: 'Notes', parentId: '0' })
    expect(folder.status, JSON.stringify(folder.body)).toBe(200)
    const doc = await t.post('/api/cloud-document/document/submit', schoolAdmin, {
      folderId: folder.body.data.id,
      title: 'Notes',
      fileAddress: pdf.link,
      status: 1,
    })
    expect(doc.status, JSON.stringify(doc.body)).toBe(200)
    const read = () =>
      t.call('GET', '/api/nop-wbp/document/detail', {
        query: { id: doc.body.data.id },
        headers: { 'tenant-id': '100001', 'blade-auth': `bearer ${schoolAdmin}` },
      })
    expect((await read()).body.data.link).toMatch(/\?expires=\d+&sign=/)
    await t.services.db
      .update(cloudDocument)
      .set({ fileAddress: studentVideo.link })
      .where(eq(cloudDocument.id, doc.body.data.id))

    const after = await read()
    expect(after.status).toBe(200)
    expect(after.body.data.link).toBeNull()
    expect(JSON.stringify(after.body)).not.toContain('sign=')
  })

  it("a teacher cannot publish a student's private upload as courseware of the same school", async () => {
    const r = await t.post('/api/hm-courseWare/courseWare/submit', teacher, {
      title: 'Lifted',
      screen: 1,
      type: 2,
      fileAddress: studentVideo.link,
    })
    expect(r.status).toBe(400)
    expect(r.body.field).toBe('fileAddress')
    const own = await upload(teacher, new File([MP3], 'lecture.mp3'), 'courseware')
    const ok = await t.post('/api/hm-courseWare/courseWare/submit', teacher, {
      title: 'Lecture',
      screen: 1,
      type: 2,
      fileAddress: own.link,
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it("firmware and an avatar naming another school's files are refused", async () => {
    const product = await t.post('/api/blade-product/product/submit', schoolAdmin, { name: 'Meter' })
    expect(product.status, JSON.stringify(product.body)).toBe(200)
    const ota = await t.post('/api/blade-productOta/productOta/submit', schoolAdmin, {
      productId: product.body.data.id,
      firmVersion: '1.0.1',
      status: 1,
      firmFile: studentVideo.link,
    })
    expect(ota.status).toBe(400)
    expect(ota.body.field).toBe('firmFile')
    const avatar = await t.post('/api/blade-system/user/update-info', schoolAdmin, { avatar: platformCover })
    expect(avatar.status).toBe(400)
    expect(avatar.body.field).toBe('avatar')
  })
})
