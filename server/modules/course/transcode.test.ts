import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { courseWare, job } from '../../../db/schema/index.ts'
import { startJobRunner, type JobRunner } from '../../lib/jobs.ts'
import { first } from '../../lib/rows.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { testVideo, uploadFile } from '../../../tests/support/upload.ts'
import { TRANSCODE, useTranscodeServices } from './transcode.ts'

/** ffmpeg's output (to stdout) for the given input and output options. */
async function ffmpegOut(args: string[]): Promise<Buffer> {
  const p = Bun.spawn(['ffmpeg', '-v', 'error', ...args, 'pipe:1'], { stdout: 'pipe', stderr: 'pipe' })
  const out = Buffer.from(await new Response(p.stdout).arrayBuffer())
  if ((await p.exited) !== 0) throw new Error(await new Response(p.stderr).text())
  return out
}

describe('courseware video transcoding on the job queue', async () => {
  const t = await testApp()
  useTranscodeServices(t.services)
  const runners: JobRunner[] = []
  const start = () => {
    const r = startJobRunner(t.services, { kinds: [TRANSCODE], pollMs: 100 })
    runners.push(r)
    return r
  }
  afterAll(async () => {
    for (const r of runners) await r.stop()
  })
  const ware = async (id: string) =>
    (await first(t.services.db.select().from(courseWare).where(eq(courseWare.id, id))))!
  const jobState = async (ref: string) => (await first(t.services.db.select().from(job).where(eq(job.ref, ref))))?.state
  const until = async (f: () => Promise<boolean>, ms = 60_000) => {
    for (const end = Date.now() + ms; !(await f());) {
      if (Date.now() > end) throw new Error('timed out')
      await Bun.sleep(100)
    }
  }

  it('takes a video from 2 waiting to 1 transcoded, playable by range and by the enrolled learner only', async () => {
    const admin = await t.token('admin')
    const file = await uploadFile(t, new File([await testVideo(2)], 'demo.mp4'), admin, 'courseware')
    const w = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, {
        title: '演示视频',
        screen: 1,
        type: 2,
        fileAddress: file.link,
        transcodingStatus: 1,
        playAddress: '/upload/x.mp4',
      })
    ).body.data
    // The client cannot claim the result; the server queues the job.
    expect(w).toMatchObject({ transcodingStatus: 2, isTranscoding: 1, playAddress: null })
    start()
    // The job row is settled just after the handler that wrote the ware returns: wait for both.
    await until(async () => (await ware(w.id)).transcodingStatus !== 2 && (await jobState(w.id)) !== 'running')
    const done = await ware(w.id)
    expect(done).toMatchObject({ transcodingStatus: 1, isTranscoding: 0, playTime: 2 })
    expect(done.playAddress).toMatch(/^\/upload\/private\/.+\.mp4$/)
    const progress = (await t.get('/api/hm-courseWare/courseWare/transcode-progress', admin, { id: w.id })).body.data
    expect(progress).toMatchObject({ transcodingStatus: 1, progress: 100, state: 'done' })
    // The transcoded stream: H.264 with the index first (faststart), seekable by ranges.
    const course = (await t.post('/api/hm-course/course/submit', admin, { title: '视频课' })).body.data
    const sec = (
      await t.post('/api/hm-courseSection/courseSection/submit', admin, { courseId: course.id, title: '一' })
    ).body.data
    await t.post('/api/hm-courseSectionWare/courseSectionWare/submit', admin, { sectionId: sec.id, wareId: w.id })
    const student = await t.token('student')
    await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: course.id })
    const playUrl = (await t.get('/api/nep-wbp/course/getCourseSection', student, { id: course.id })).body.data
      .sections[0].wares[0].playUrl
    const head = await t.app.handle(new Request(`http://localhost${playUrl}`, { headers: { range: 'bytes=0-63' } }))
    expect(head.status).toBe(206)
    const bytes = new Uint8Array(await head.arrayBuffer())
    const text = new TextDecoder('latin1').decode(bytes)
    expect(text.slice(4, 8)).toBe('ftyp')
    expect(text).toContain('moov')
    expect((await t.app.handle(new Request(`http://localhost${done.playAddress}`))).status).not.toBe(200)
  })

  it('moves a broken video from 2 to 0 without retrying', async () => {
    const admin = await t.token('admin')
    const good = await testVideo(1)
    // An MP4 header followed by garbage: accepted as a video upload, but nothing can decode it.
    const broken = new Uint8Array(4000)
    broken.set(good.subarray(0, 32))
    broken.fill(7, 32)
    const file = await uploadFile(t, new File([broken], 'broken.mp4'), admin, 'courseware')
    const w = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, {
        title: '坏视频',
        screen: 1,
        type: 2,
        fileAddress: file.link,
      })
    ).body.data
    if (!runners.length) start()
    await until(async () => (await ware(w.id)).transcodingStatus !== 2 && (await jobState(w.id)) !== 'running')
    expect(await ware(w.id)).toMatchObject({ transcodingStatus: 0, isTranscoding: 0, playAddress: null })
    const row = (await first(t.services.db.select().from(job).where(eq(job.ref, w.id))))!
    expect(row).toMatchObject({ state: 'failed', attempts: 1 })
    expect(
      (await t.get('/api/hm-courseWare/courseWare/transcode-progress', admin, { id: w.id })).body.data.error,
    ).toMatch(/not a playable video|ffmpeg failed/)
  })

  it('reads an MP3 that is also an HLS playlist as MP3, never opening the local file the playlist names', async () => {
    const admin = await t.token('admin')
    const dir = mkdtempSync(join(tmpdir(), 'atrium-polyglot-'))
    try {
      // What the playlist points at: a 3-second video outside the data directory.
      const secret = join(dir, 'secret.ts')
      writeFileSync(secret, await testVideo(3))
      const mp3 = await ffmpegOut([
        '-f',
        'lavfi',
        '-i',
        'sine=d=2',
        '-c:a',
        'libmp3lame',
        '-id3v2_version',
        '0',
        '-write_xing',
        '0',
        '-f',
        'mp3',
      ])
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nfile:${secret}\n#EXT-X-ENDLIST\n`
      // An ID3 tag flagged with a footer: file-type skips 10 bytes and finds an MPEG frame, ffmpeg's probe skips 20 and finds the playlist.
      const polyglot = Buffer.concat([
        Buffer.from([0x49, 0x44, 0x33, 4, 0, 0x10, 0, 0, 0, 0]),
        mp3.subarray(0, 10),
        Buffer.from(playlist),
        mp3,
      ])
      const file = await uploadFile(t, new File([polyglot], 'lesson.mp3'), admin, 'courseware')
      const w = (
        await t.post('/api/hm-courseWare/courseWare/submit', admin, {
          title: '多义文件',
          screen: 1,
          type: 2,
          fileAddress: file.link,
        })
      ).body.data
      if (!runners.length) start()
      await until(async () => (await ware(w.id)).transcodingStatus !== 2)
      // Read as the MP3 it was accepted as, it has no picture to transcode: refused, and the 3-second video never became its stream.
      expect(await ware(w.id)).toMatchObject({ transcodingStatus: 0, playAddress: null, playTime: null })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('resumes a transcode interrupted by a stop (a restart) and finishes it', async () => {
    for (const r of runners.splice(0)) await r.stop()
    const admin = await t.token('admin')
    const file = await uploadFile(t, new File([await testVideo(20, '480x360')], 'long.mp4'), admin, 'courseware')
    const w = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, {
        title: '长视频',
        screen: 1,
        type: 2,
        fileAddress: file.link,
      })
    ).body.data
    const runner = start()
    await until(async () => (await jobState(w.id)) === 'running')
    await runner.stop()
    runners.splice(runners.indexOf(runner), 1)
    expect(await first(t.services.db.select().from(job).where(eq(job.ref, w.id)))).toMatchObject({
      state: 'queued',
      attempts: 0,
    })
    expect((await ware(w.id)).transcodingStatus).toBe(2)
    start()
    await until(async () => (await ware(w.id)).transcodingStatus !== 2, 120_000)
    expect(await ware(w.id)).toMatchObject({ transcodingStatus: 1, playTime: 20 })
  }, 150_000)
})
