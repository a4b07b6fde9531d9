import { EXAM_PAGE, EXAM_WORKER } from '../../../entries'
import { EXAM_CACHE } from '../../shared/offline-copies'
import type { SittingPaper } from './sitting-paper'
import { NOTICE_PATH, PAPER_PATH, paperKey } from './offline-paths'

/**
 * The page's side of the offline exam (the service worker, exam-sw.ts, only
 * reads what this writes). Once a learner's paper is open online, the page
 * registers the worker and keeps in Cache Storage: the portal document, every
 * script and style it has loaded, the exam's notice and the paper. After each
 * save the server acknowledged, the paper copy is rewritten with those answers
 * and the server's clock as last known (serverTime with the local time it was
 * read at: clockAt), so a reopened page counts down from there and its unsent
 * answers (IndexedDB) replay over it. Sign-out drops it all (offline-copies.ts);
 * submitting drops the exam's copy.
 *
 * Service workers and Cache Storage exist only in secure contexts (https, or
 * the appliance opened as localhost): elsewhere every call here does nothing,
 * and the exam still keeps unsent answers across reloads — it only cannot
 * reload without the network.
 */
const supported = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, msg: '', data }), {
    headers: { 'content-type': 'application/json' },
  })

/** Same-origin scripts, styles and icons this page has loaded (the hashed bundle files among them). */
function loadedFiles(): string[] {
  const urls = [
    ...performance.getEntriesByType('resource').map((e) => e.name),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((l) => l.href),
  ]
  const files = new Set<string>()
  for (const u of urls) {
    const url = new URL(u, location.href)
    if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'))
      files.add(url.pathname)
  }
  return [...files]
}

let prepared: Promise<void> | undefined

export const offlineExam = {
  /** Registers the worker and keeps the page's document and files (once per page load). */
  prepare(): Promise<void> {
    if (!supported()) return Promise.resolve()
    prepared ??= (async () => {
      await navigator.serviceWorker.register(`/${EXAM_WORKER}`, { scope: EXAM_PAGE })
      // The toaster's code loads with the first notice; an offline page must not need the network for it.
      await import('../../shared/Toasts')
      const cache = await caches.open(EXAM_CACHE)
      await Promise.all([EXAM_PAGE, ...loadedFiles()].map((f) => cache.add(f).catch(() => undefined)))
    })().catch(() => {
      prepared = undefined
    })
    return prepared
  },

  /** Keeps the exam's notice and its paper as they are now; `clockAt` is when the paper's serverTime was read. */
  async keep(timeId: string, notice: unknown, paper: SittingPaper & { clockAt: number }): Promise<void> {
    if (!supported()) return
    const cache = await caches.open(EXAM_CACHE)
    await Promise.all([
      notice === undefined ? undefined : cache.put(paperKey(NOTICE_PATH, timeId), json(notice)),
      cache.put(paperKey(PAPER_PATH, timeId), json(paper)),
    ])
  },

  /** The exam is over for this learner: its copy goes (the document and files stay for the next exam). */
  async forget(timeId: string): Promise<void> {
    if (!supported()) return
    const cache = await caches.open(EXAM_CACHE)
    await Promise.all([cache.delete(paperKey(NOTICE_PATH, timeId)), cache.delete(paperKey(PAPER_PATH, timeId))])
  },
}
