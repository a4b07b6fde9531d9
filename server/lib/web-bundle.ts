import { Elysia } from 'elysia'
import { existsSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { BACK_OFFICE_DOCUMENT, EXAM_WORKER, documentFor } from '../../web/entries.ts'
import { ApiError } from './errors.ts'

/** Hashed build output never changes under its name: browsers keep it for a year and never ask again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** An entry document names the current hashed files, so it is checked on every load (a new build shows at once). */
export const REVALIDATE = 'no-cache'
/** Unhashed files from web/public (the icon): an hour. */
const PUBLIC_FILE = 'public, max-age=3600'

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.map', '.txt'])

const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')

/** `path` inside `dir`, or null when it climbs out, names a dotfile (the build's .vite manifest) or is no file. */
function fileIn(dir: string, path: string): string | null {
  const file = normalize(join(dir, path))
  if (!file.startsWith(dir + sep) || file.includes(`${sep}.`)) return null
  return existsSync(file) && statSync(file).isFile() ? file : null
}

/**
 * The web bundle (web/dist, built by vite from two entries: web/entries.ts).
 * Hashed assets are immutable and go out gzipped to browsers that take it
 * (compressed once, kept in memory: the bundle is a few megabytes and fixed
 * for the life of the process); every other GET outside /api answers the
 * entry document its path belongs to — portal.html for the site root and
 * /home/*, index.html for the back office — revalidated on every load.
 */
export function webBundle(distDir: string) {
  const dist = normalize(distDir)
  const app = new Elysia({ name: 'web-bundle' })
  if (!existsSync(join(dist, BACK_OFFICE_DOCUMENT))) return app
  const assets = join(dist, 'assets')
  const gzipped = new Map<string, { at: number; packed: Uint8Array<ArrayBuffer> }>()

  const send = async (file: string, request: Request, cacheControl: string) => {
    const body = Bun.file(file)
    const headers: Record<string, string> = { 'cache-control': cacheControl, 'content-type': body.type }
    if (!COMPRESSIBLE.has(extname(file))) return new Response(body, { headers })
    headers.vary = 'accept-encoding'
    if (!acceptsGzip(request)) return new Response(body, { headers })
    // Hashed assets never change; an entry document (or the exam worker) does when the bundle is rebuilt under a
    // running server, and a kept copy would name assets the new build deleted: those are packed again when newer.
    const at = cacheControl === REVALIDATE ? body.lastModified : 0
    let kept = gzipped.get(file)
    if (!kept || kept.at !== at) gzipped.set(file, (kept = { at, packed: Bun.gzipSync(await body.bytes()) }))
    return new Response(kept.packed, { headers: { ...headers, 'content-encoding': 'gzip' } })
  }

  return app.get('/*', ({ path, request }) => {
    // An unknown API answers like every other error: the envelope, in the caller's language.
    if (path.startsWith('/api/') || path === '/api') throw new ApiError(404, 'error.routeNotFound')
    if (path.startsWith('/assets/')) {
      const file = fileIn(assets, path.slice('/assets/'.length))
      if (!file) return new Response('Not Found', { status: 404, headers: { 'cache-control': REVALIDATE } })
      return send(file, request, IMMUTABLE)
    }
    const file = path === '/' ? null : fileIn(dist, path)
    // A document, or the exam's service worker (a fixed name whose content changes with each build): checked every time.
    if (file)
      return send(file, request, extname(file) === '.html' || path === `/${EXAM_WORKER}` ? REVALIDATE : PUBLIC_FILE)
    const entry = join(dist, documentFor(path))
    // A bundle built before the portal had its own entry has only index.html.
    return send(existsSync(entry) ? entry : join(dist, BACK_OFFICE_DOCUMENT), request, REVALIDATE)
  })
}
