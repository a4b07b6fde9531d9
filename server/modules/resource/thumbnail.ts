import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { StorageAdapter } from './storage/adapter.ts'

/** Widths a client may ask an image in (?w=): a card thumbnail, a list, a banner, a full-width hero. */
export const WIDTHS = [160, 320, 640, 1280]

const inFlight = new Map<string, Promise<void>>()

/**
 * The image resized to `width` (never enlarged), made once with ffmpeg and
 * kept beside the original as variants/<key>.w<width>.<ext>, so cards load
 * a few KB instead of the uploaded megabytes.
 */
export async function thumbnail(
  adapter: StorageAdapter,
  key: string,
  ext: string,
  width: number,
  tmpDir: string,
): Promise<string> {
  const variant = `variants/${key}.w${width}.${ext}`
  if ((await adapter.stat(variant)) !== null) return variant
  const job =
    inFlight.get(variant) ??
    (async () => {
      await mkdir(tmpDir, { recursive: true })
      const src = join(tmpDir, `${crypto.randomUUID()}.${ext}`)
      const out = join(tmpDir, `${crypto.randomUUID()}.${ext}`)
      try {
        await Bun.write(src, new Response(await adapter.body(key)))
        const p = Bun.spawn(
          [
            'ffmpeg',
            '-v',
            'error',
            '-y',
            '-i',
            src,
            '-vf',
            `scale='min(${width},iw)':-2`,
            '-frames:v',
            '1',
            ...(ext === 'jpg' ? ['-q:v', '4'] : []),
            out,
          ],
          { stdout: 'ignore', stderr: 'pipe' },
        )
        if ((await p.exited) !== 0)
          throw new Error(`ffmpeg could not resize ${key}: ${await new Response(p.stderr).text()}`)
        await adapter.putFile(out, variant, ext === 'png' ? 'image/png' : 'image/jpeg')
      } finally {
        await unlink(src).catch(() => {})
        await unlink(out).catch(() => {})
      }
    })()
  inFlight.set(variant, job)
  try {
    await job
  } finally {
    inFlight.delete(variant)
  }
  return variant
}
