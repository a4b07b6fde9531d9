import { Elysia, t } from 'elysia'
import { fileTypeFromBuffer } from 'file-type'
import { existsSync } from 'node:fs'
import { normalize } from 'node:path'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { localStorage } from './storage.ts'

defineMessages({
  'upload.missing': { zh: '请上传文件', en: 'please upload a file' },
  'upload.tooLarge': { zh: '文件不能超过 {max} MB', en: 'the file must not exceed {max} MB' },
  'upload.type': { zh: '不支持的文件类型', en: 'this file type is not allowed' },
})

/** The largest upload any screen allows (courseware, spec §9); screens enforce their own smaller limits too. */
const MAX_BYTES = 100 * 1024 * 1024

/** Types recognised by their content (magic bytes), never by the name the browser sent. */
const SNIFFED = new Set(['jpg', 'png', 'gif', 'webp', 'pdf', 'zip', 'rar', 'mp4', 'webm', 'mp3', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'gz', 'bin'])
/** Text formats have no magic bytes: accepted by extension when the content is valid UTF-8. */
const TEXT = new Set(['txt', 'md', 'csv', 'json', 'ino', 'c', 'py', 'js', 'ts', 'sh'])

async function detectExt(bytes: Uint8Array, name: string): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(bytes)
  if (sniffed) {
    if (sniffed.ext === 'cfb') return ['doc', 'xls', 'ppt'].find((e) => name.toLowerCase().endsWith(`.${e}`)) ?? null
    return SNIFFED.has(sniffed.ext) ? sniffed.ext : null
  }
  const ext = name.split('.').pop()?.toLowerCase() ?? ''
  if (TEXT.has(ext)) {
    try { new TextDecoder('utf-8', { fatal: true }).decode(bytes); return ext } catch { return null }
  }
  return name.toLowerCase().endsWith('.bin') ? 'bin' : null
}

/** blade-resource: file upload (field `files`, answer data.link) and serving what was uploaded. */
export const resourceModule = (services: Services) => {
  const storage = localStorage(services.config.dataDir)
  return new Elysia({ name: 'resource-module', seed: services.id })
    .use(authContext(services))
    .post('/api/blade-resource/oss/endpoint/put-file', async ({ ctx, body }) => {
      const file = Array.isArray(body.files) ? body.files[0] : body.files
      if (!file || !file.size) throw badRequest('upload.missing', {}, 'files')
      if (file.size > MAX_BYTES) throw badRequest('upload.tooLarge', { max: MAX_BYTES / 1024 / 1024 }, 'files')
      const bytes = new Uint8Array(await file.arrayBuffer())
      const ext = await detectExt(bytes, file.name)
      if (!ext) throw badRequest('upload.type', {}, 'files')
      const saved = await storage.put(bytes, ext)
      return ok(ctx, { link: saved.link, name: saved.key, originalName: file.name, size: file.size, ext })
    }, { perm: SIGNED_IN, body: t.Object({ files: t.Union([t.File(), t.Array(t.File())]) }) })
    .get('/upload/*', ({ params, set }) => {
      const key = normalize(params['*'])
      if (key.startsWith('..') || key.startsWith('/')) throw notFound()
      const file = storage.path(key)
      if (!existsSync(file)) throw notFound()
      set.headers['cache-control'] = 'public, max-age=31536000, immutable'
      set.headers['x-content-type-options'] = 'nosniff'
      return Bun.file(file)
    }, { perm: PUBLIC })
}
