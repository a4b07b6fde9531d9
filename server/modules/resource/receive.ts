import busboy from 'busboy'
import { createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { badRequest, type ApiError } from '../../lib/errors.ts'

export interface Received {
  tmpPath: string
  size: number
  originalName: string
}

/**
 * Streams the one file of a multipart body (field `files`) to a temporary
 * file, counting bytes as they pass: memory stays at a few buffers whatever
 * the upload's size, and the upload stops as soon as it passes `maxBytes`.
 */
export async function receiveFile(
  request: Request,
  tmpDir: string,
  maxBytes: number,
  messages: { missing: string; tooLarge: () => ApiError },
): Promise<Received> {
  const type = request.headers.get('content-type') ?? ''
  if (!request.body || !type.startsWith('multipart/form-data')) throw badRequest(messages.missing, {}, 'files')
  // A declared length far over the limit is refused before a byte is read.
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes + 1024 * 1024) throw messages.tooLarge()
  await mkdir(tmpDir, { recursive: true })
  const tmpPath = join(tmpDir, `${crypto.randomUUID()}.part`)

  const source = Readable.fromWeb(request.body as never)
  const parser = busboy({
    headers: { 'content-type': type },
    // One byte over: busboy signals its limit on reaching it, and a file of exactly maxBytes is within the limit.
    limits: { files: 1, fileSize: maxBytes + 1, fields: 20 },
    defParamCharset: 'utf8',
  })
  const result = await new Promise<Received | Error>((resolve) => {
    let got: Promise<Received | Error> | null = null
    let failed: Error | null = null
    const fail = (e: Error) => {
      failed ??= e
      source.unpipe(parser)
      source.destroy()
      resolve(e)
    }
    parser.on('file', (field, stream, info) => {
      if (field !== 'files' || got) return stream.resume()
      const out = createWriteStream(tmpPath)
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
      })
      stream.on('limit', () => fail(messages.tooLarge()))
      got = new Promise((done) => {
        out.on('finish', () => done({ tmpPath, size, originalName: info.filename ?? '' }))
        out.on('error', (e) => done(e))
      })
      stream.pipe(out)
    })
    parser.on('filesLimit', () => fail(badRequest('upload.oneFile', {}, 'files')))
    parser.on('error', () => fail(badRequest(messages.missing, {}, 'files')))
    parser.on('close', async () => {
      if (failed) return
      if (!got) return resolve(badRequest(messages.missing, {}, 'files'))
      resolve(await got)
    })
    source.on('error', (e) => fail(e))
    source.pipe(parser)
  })
  if (result instanceof Error) {
    await unlink(tmpPath).catch(() => {})
    throw result
  }
  if (!result.size) {
    await unlink(tmpPath).catch(() => {})
    throw badRequest(messages.missing, {}, 'files')
  }
  return result
}
