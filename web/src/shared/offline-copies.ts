/**
 * The Cache Storage the web app writes holds one thing: the offline copy of the exam the signed-in learner
 * is taking (web/src/portal/exam/offline-exam.ts; served by exam-sw.ts). It is that learner's data, so it
 * goes with their session: dropped on sign-out and on a fresh sign-in (session.ts).
 */
export const EXAM_CACHE = 'atrium-exam-v1'

export function dropOfflineCopies(): void {
  // Cache Storage exists only in secure contexts (https, localhost); elsewhere nothing was kept.
  if (typeof caches === 'undefined') return
  void caches
    .keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('atrium-exam')).map((k) => caches.delete(k))))
    .catch(() => undefined)
}
