import { and, eq } from 'drizzle-orm'
import { availableParallelism } from 'node:os'
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromFile } from 'file-type'
import { courseWare } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { makeCtx, systemActor } from '../../lib/context.ts'
import { defineJob, PermanentJobError } from '../../lib/jobs.ts'
import { now } from '../../lib/time.ts'
import { filesOf } from '../resource/files.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'

export const TRANSCODE = 'courseware.transcode'

/** Where the job finds the services (set by main.ts / the tests when they start the runner). */
let services: Services | null = null
export const useTranscodeServices = (s: Services) => {
  services = s
}

/** The ffmpeg demuxer for each container file-type recognises by its bytes; nothing else is transcoded. */
const DEMUXERS: Record<string, string> = {
  mp4: 'mov',
  m4v: 'mov',
  m4a: 'mov',
  mov: 'mov',
  '3gp': 'mov',
  '3g2': 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  avi: 'avi',
  mp3: 'mp3',
  wav: 'wav',
  flv: 'flv',
  mpg: 'mpeg',
  mts: 'mpegts',
  ogg: 'ogg',
  ogv: 'ogg',
  oga: 'ogg',
}

/**
 * How ffmpeg is told to read an upload: with the demuxer its content names and
 * local files only. Left to probe, ffmpeg skips an ID3 tag and takes what
 * follows for an HLS playlist, whose entries it then opens (any file the
 * appliance can read), although file-type saw an MP3.
 */
async function inputArgs(file: string): Promise<string[]> {
  const found = await fileTypeFromFile(file)
  const format = found && DEMUXERS[found.ext]
  if (!format) throw new PermanentJobError(`not a video or audio container: ${found?.ext ?? 'unknown'}`)
  return ['-protocol_whitelist', 'file', '-f', format]
}

async function probeSeconds(file: string, input: string[], signal: AbortSignal): Promise<number> {
  const p = Bun.spawn(
    ['ffprobe', '-v', 'error', ...input, '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    {
      stdout: 'pipe',
      stderr: 'pipe',
      signal,
    },
  )
  const out = (await new Response(p.stdout).text()).trim()
  if ((await p.exited) !== 0 || !Number(out))
    throw new PermanentJobError(`not a playable video: ${(await new Response(p.stderr).text()).trim().slice(0, 300)}`)
  return Number(out)
}

/**
 * Courseware video → H.264/AAC MP4 with the index up front (faststart), which
 * every browser plays and seeks by range requests. One ffmpeg thread per job
 * and at most one job per core, at low priority, so the appliance keeps
 * answering while it works. transcodingStatus: 2 waiting → 1 done / 0 failed.
 */
defineJob<{ wareId: string; file: string }>(
  TRANSCODE,
  async (job) => {
    if (!services) throw new Error('transcode services not set')
    const s = services
    const files = filesOf(s)
    const [ware] = await s.db
      .select()
      .from(courseWare)
      .where(and(eq(courseWare.id, job.payload.wareId), notDeleted(courseWare)))
    // Deleted, or a newer upload replaced the file (its own job will run): nothing to do.
    if (!ware || ware.fileAddress !== job.payload.file) return
    const fail = async () =>
      s.db
        .update(courseWare)
        .set({ transcodingStatus: 0, isTranscoding: 0, updateTime: now() })
        .where(eq(courseWare.id, ware.id))
    const source = await files.find(ware.fileAddress)
    if (!source) {
      await fail()
      throw new PermanentJobError(`courseware file ${ware.fileAddress} is not stored`)
    }
    const adapter = await files.adapterOf(source)
    await mkdir(files.tmpDir, { recursive: true })
    const input = join(files.tmpDir, `${job.id}-in.${source.extension}`)
    const output = join(files.tmpDir, `${job.id}-out.mp4`)
    try {
      await Bun.write(input, new Response(await adapter.body(source.name)))
      const pinned = await inputArgs(input)
      const seconds = await probeSeconds(input, pinned, job.signal)
      const ff = Bun.spawn(
        [
          'nice',
          '-n',
          '10',
          'ffmpeg',
          '-v',
          'error',
          '-y',
          ...pinned,
          '-i',
          input,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          'scale=trunc(iw/2)*2:trunc(ih/2)*2',
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          '-threads',
          '1',
          '-movflags',
          '+faststart',
          '-progress',
          'pipe:1',
          '-nostats',
          output,
        ],
        { stdout: 'pipe', stderr: 'pipe', signal: job.signal },
      )
      // -progress writes out_time_us=… lines: the share of the duration done.
      const reader = ff.stdout.pipeThrough(new TextDecoderStream()).getReader()
      for (let buf = ''; ;) {
        const { value, done } = await reader.read()
        if (done) break
        buf += value
        const lines = buf.split('\n')
        buf = lines.pop()!
        for (const l of lines)
          if (l.startsWith('out_time_us=')) job.progress(Math.min(99, (Number(l.slice(12)) / 1e6 / seconds) * 100))
      }
      if ((await ff.exited) !== 0) {
        if (job.signal.aborted) throw new Error('stopped')
        throw new PermanentJobError(`ffmpeg failed: ${(await new Response(ff.stderr).text()).trim().slice(0, 500)}`)
      }
      const size = Bun.file(output).size
      const ctx = makeCtx(s.db, { ...systemActor(ware.tenantId), userId: ware.createUser ?? '0' })
      const stored = await files.storeTemp(ctx, output, {
        ext: 'mp4',
        size,
        originalName: `${ware.title}.mp4`,
        kind: 'courseware',
        isPublic: false,
        target: adapter,
      })
      await s.db
        .update(courseWare)
        .set({
          transcodingStatus: 1,
          isTranscoding: 0,
          playAddress: stored.link,
          playTime: Math.round(seconds),
          updateTime: now(),
        })
        .where(eq(courseWare.id, ware.id))
    } catch (e) {
      if (!job.signal.aborted && (e instanceof PermanentJobError || job.lastAttempt)) await fail()
      throw e
    } finally {
      await unlink(input).catch(() => {})
      await unlink(output).catch(() => {})
    }
  },
  { concurrency: availableParallelism() },
)
