import { Elysia } from 'elysia'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { notFound } from '../../lib/errors.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { mayReadFile } from '../../lib/file-refs.ts'
import { validKey } from './storage/adapter.ts'
import { byteRange } from './byte-range.ts'
import { filesOf } from './files.ts'
import { thumbnail, WIDTHS } from './thumbnail.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** Shown in the page rather than downloaded. */
const INLINE = new Set(['jpg', 'png', 'pdf', 'mp4', 'webm', 'mp3', 'md', 'txt', 'm3u8', 'ts'])

/**
 * A type the browser would run or render as a page (script, HTML, SVG, XML)
 * is never answered as itself, whatever a stored row says: it goes out as
 * bytes to download.
 */
const ACTIVE = /javascript|ecmascript|html|xml|svg|wasm/i

/**
 * A stored file is a document of its own origin-less kind: it may show itself
 * (images, media, inline styles of a text preview) and nothing else; no
 * script, no requests, no forms, framed only by the app. PDFs skip `sandbox`
 * because Chromium's viewer refuses to open in a sandboxed document; PDF
 * scripts do not run in it anyway.
 */
export const fileCsp = (ext: string) =>
  `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${ext === 'pdf' ? '' : '; sandbox'}`

/**
 * GET /upload/<key>: stored files. Public files to anyone; private files only
 * with a valid signed link or the token of someone allowed. Range requests are
 * answered with 206 so video seeks; images take ?w= for a resized copy.
 */
export const serveRoutes = (services: Services) =>
  handWritten(
    "stored files served by path, behind the caller's token or a signed link: bytes, not rows",
    serveRoutesPlugin(services),
  )

const serveRoutesPlugin = (services: Services) => {
  const files = filesOf(services)
  return new Elysia().use(authContext(services)).get(
    '/upload/*',
    async ({ ctx, params, query, request, set }) => {
      const key = decodeURIComponent(params['*'])
      if (!validKey(key)) throw notFound()
      const row = await files.find(key)
      if (!row) throw notFound()
      const signed = files.verify(key, query.expires, query.sign)
      if (!row.isPublic && !signed && !(await mayReadFile(ctx, row, true))) throw notFound()

      const adapter = await files.adapterOf(row)
      let servedKey = key
      let size = row.attachSize
      const width = Number(query.w)
      if (query.w && (row.extension === 'jpg' || row.extension === 'png') && WIDTHS.includes(width)) {
        servedKey = await thumbnail(adapter, key, row.extension, width, files.tmpDir)
        size = (await adapter.stat(servedKey)) ?? 0
      }
      const active = ACTIVE.test(row.contentType ?? '')
      const headers: Record<string, string> = {
        'content-type': !row.contentType || active ? 'application/octet-stream' : row.contentType,
        'content-security-policy': fileCsp(row.extension ?? ''),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        // Public names never change content; private answers stay out of shared caches.
        'cache-control': row.isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        'content-disposition': `${INLINE.has(row.extension ?? '') && !active ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName || key.split('/').pop()!)}`,
      }
      const range = byteRange(request.headers.get('range'), size)
      if (range === 'unsatisfiable') {
        set.status = 416
        return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
      }
      if (range) {
        return new Response(await adapter.body(servedKey, range), {
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${range.start}-${range.end}/${size}`,
            'content-length': String(range.end - range.start + 1),
          },
        })
      }
      return new Response(await adapter.body(servedKey), { headers: { ...headers, 'content-length': String(size) } })
    },
    { perm: PUBLIC },
  )
}
