/**
 * The web app has two HTML entries: the learner portal (portal.html: the site
 * root and /home/*, what guests load) and the staff back office (index.html:
 * everything else). The server picks the document by this rule and each
 * entry's router hands every path outside it to the other with a full load,
 * so both sides must agree on it: this file is that one rule.
 */
export const PORTAL_DOCUMENT = 'portal.html'
export const BACK_OFFICE_DOCUMENT = 'index.html'

export const isPortalPath = (path: string) => path === '/' || path === '/home' || path.startsWith('/home/')

/** The HTML document (in web/dist) that serves a path. */
export const documentFor = (path: string) => (isPortalPath(path) ? PORTAL_DOCUMENT : BACK_OFFICE_DOCUMENT)

/**
 * The exam runner's service worker (web/src/portal/exam/exam-sw.ts), built into web/dist beside the
 * documents and registered by the exam page with that page as its scope: it answers only for the exam.
 */
export const EXAM_WORKER = 'exam-sw.js'
export const EXAM_PAGE = '/home/competition-test'
