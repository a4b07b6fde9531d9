/**
 * The exam page's service worker (built on its own into web/dist/exam-sw.js by
 * web/vite.config.ts; registered by offline-exam.ts with the exam page,
 * /home/competition-test, as its scope). It lets a learner whose tab crashed
 * or whose laptop restarted reopen a started exam while the network is gone:
 *
 * - the page's navigation goes to the network, and only when that fails is
 *   answered with the portal document kept in the cache (its CSP headers too);
 * - the hashed scripts and styles (immutable by name) come from the cache
 *   first, and those fetched through here are kept;
 * - the exam's notice and paper (showPaperMessage, toAnswer) go to the network
 *   and, when it fails, are answered with the copy the page keeps current
 *   (offline-exam.ts: the paper as of the last acknowledged save, and the
 *   server's clock as last known).
 *
 * Everything else — saves, submit, any other call — passes untouched: unsent
 * answers wait in IndexedDB (answer-store.ts) and the page sends them when the
 * network returns. Nothing here writes a learner's data; the page does, and
 * sign-out drops it (shared/offline-copies.ts).
 */
import { EXAM_PAGE } from '../../../entries'
import { EXAM_CACHE } from '../../shared/offline-copies'
import { PAPER_PATHS } from './offline-paths'

// The service worker's global scope, typed by hand: the DOM and WebWorker libraries cannot share one program.
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(r: Response | Promise<Response>): void
}
interface WorkerScope {
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', h: (e: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', h: (e: FetchEvent) => void): void
}
const sw = self as unknown as WorkerScope

// A new build's worker takes over at once: it only reads what the page cached, whatever build cached it.
sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()))
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()))

const cached = async (key: RequestInfo, ignoreSearch = false) =>
  (await (await caches.open(EXAM_CACHE)).match(key, { ignoreSearch })) ?? Response.error()

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(EXAM_CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const res = await fetch(request)
  if (res.ok) await cache.put(request, res.clone())
  return res
}

sw.addEventListener('fetch', (e) => {
  const request = e.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== sw.location.origin) return
  if (request.mode === 'navigate') e.respondWith(fetch(request).catch(() => cached(EXAM_PAGE, true)))
  else if (url.pathname.startsWith('/assets/')) e.respondWith(asset(request))
  else if (PAPER_PATHS.includes(url.pathname))
    e.respondWith(fetch(request).catch(() => cached(url.pathname + url.search)))
})
