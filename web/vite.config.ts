import { build, defineConfig, type LogLevel, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BACK_OFFICE_DOCUMENT, EXAM_WORKER, PORTAL_DOCUMENT, isPortalPath } from './entries'

const root = fileURLToPath(new URL('.', import.meta.url))
const configFile = fileURLToPath(import.meta.url)

/**
 * The two entries (web/entries.ts) are built separately, into the same
 * web/dist: one build shares chunks between its entries, so a library both
 * use (the router, i18next, tabster) would carry into the portal whatever
 * the back office uses of it. Built apart, a guest's portal load holds only
 * what the portal uses. `vite build` builds the back office, then the portal
 * (this flag, set for the second run, picks it).
 */
const PORTAL_BUILD = 'ATRIUM_WEB_PORTAL_BUILD'
const portalBuild = process.env[PORTAL_BUILD] === '1'

/** After the back office's build: the portal's, into the same folder, with its own manifest. */
let outer: { logLevel: LogLevel; mode: string } = { logLevel: 'info', mode: 'production' }
const thenPortal: Plugin = {
  name: 'atrium-then-portal',
  apply: 'build',
  configResolved(config) {
    outer = { logLevel: config.logLevel, mode: config.mode }
  },
  async closeBundle() {
    if (portalBuild) return
    process.env[PORTAL_BUILD] = '1'
    try {
      await build({ configFile, ...outer })
    } finally {
      delete process.env[PORTAL_BUILD]
    }
    await build(examWorker)
  },
}

/**
 * The exam page's service worker (web/src/portal/exam/exam-sw.ts): one classic script under a fixed name at the
 * site root (a worker's address must not change between builds, and /home/competition-test must be within its
 * reach), with what it imports inlined, so it shares no chunk with the pages.
 */
const examWorker = {
  configFile: false as const,
  root,
  logLevel: 'warn' as LogLevel,
  publicDir: false as const,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    lib: {
      entry: join(root, 'src/portal/exam/exam-sw.ts'),
      formats: ['iife' as const],
      name: 'atriumExamWorker',
      fileName: () => EXAM_WORKER,
    },
  },
}

/**
 * A build is React's production build whatever NODE_ENV the shell or the caller had: vite build keeps a NODE_ENV it
 * finds, and a build started under vitest (NODE_ENV=test) shipped React's development build (the portal's first load
 * 235 kB gzipped, not 163). Set here, before vite reads it (its documented place), it holds for every way a build
 * starts: npm run build, npm start's rebuild, the tests' ensureWebBundle, and the portal and worker builds after it.
 */
const productionBuild: Plugin = {
  name: 'atrium-production-build',
  apply: 'build',
  config() {
    process.env.NODE_ENV = 'production'
  },
}

/** `vite` (dev): the portal's addresses get portal.html, as the appliance serves them (server/lib/web-bundle.ts). */
const portalDocument: Plugin = {
  name: 'atrium-portal-document',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = (req.url ?? '/').split('?')[0]
      if (req.method === 'GET' && isPortalPath(path)) req.url = `/${PORTAL_DOCUMENT}`
      next()
    })
  },
}

export default defineConfig({
  root,
  plugins: [productionBuild, react(), portalDocument, thenPortal],
  build: {
    outDir: 'dist',
    emptyOutDir: !portalBuild,
    chunkSizeWarningLimit: 2000,
    // Each build's import graph; tests and the portal bundle benchmark read them (tests/support/web-manifest.ts).
    manifest: portalBuild ? '.vite/portal-manifest.json' : '.vite/manifest.json',
    rollupOptions: { input: join(root, portalBuild ? PORTAL_DOCUMENT : BACK_OFFICE_DOCUMENT) },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
})
