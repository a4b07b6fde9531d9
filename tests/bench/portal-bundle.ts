/**
 * npm run bench, portal part (bun tests/bench/portal-bundle.ts): the
 * JavaScript a guest's first visit to /home/index costs, from the built
 * bundle (rebuilt first when web/ changed), measured two ways in one run:
 *   browser  — headless Chromium loads /home/index from the appliance with an
 *              empty cache and counts every script response until the network
 *              is idle (each body gzipped here at the default level, and the
 *              bytes the server really sent, which gzips assets itself);
 *   manifest — the portal entry's static import graph plus the home page's
 *              route chunk, from Vite's manifest (a cross-check that needs no
 *              browser).
 * Printed side by side with the limit (200 kB = 200,000 bytes gzipped) and,
 * for reference, the back office's first load (/login) in the same run. The
 * run exits non-zero when the portal's figure is above the limit.
 */
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PORTAL_DOCUMENT } from '../../web/entries.ts'
import { ensureWebBundle, launchBrowser, startAppliance, WEB_DIST } from '../support/browser.ts'
import { backOfficeOnlyFiles, reachable, readManifests } from '../support/web-manifest.ts'

const LIMIT = 200_000
const HOME_ROUTE = 'src/portal/content/Home.tsx'

interface Load {
  files: string[]
  gzipped: number
  sent: number
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`

if (!ensureWebBundle()) {
  console.error('portal bundle: the web bundle did not build (npx vite build --config web/vite.config.ts)')
  process.exit(1)
}

const app = await startAppliance()
const browser = await launchBrowser()
let failed = false
try {
  /** Loads `path` as a guest in a fresh context (empty cache) and sums its script responses. */
  const load = async (path: string): Promise<Load> => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts: Promise<{ url: string; gzipped: number; sent: number }>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.push(
        (async () => ({
          url: new URL(res.url()).pathname,
          gzipped: gzipSync(await res.body()).length,
          sent: (await res.request().sizes()).responseBodySize,
        }))(),
      )
    })
    await page.goto(app.url + path, { waitUntil: 'networkidle' })
    // Lazy route chunks start after the first render; let the page settle, then wait for quiet again.
    await page.waitForTimeout(500)
    await page.waitForLoadState('networkidle')
    const all = await Promise.all(scripts)
    await context.close()
    return {
      files: all.map((s) => s.url),
      gzipped: all.reduce((n, s) => n + s.gzipped, 0),
      sent: all.reduce((n, s) => n + s.sent, 0),
    }
  }

  const portal = await load('/home/index')
  const backOffice = await load('/login')

  const manifests = readManifests()
  const graph = reachable(manifests.portal, [PORTAL_DOCUMENT, HOME_ROUTE], false)
  const fromManifest = [...graph]
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + gzipSync(readFileSync(join(WEB_DIST, f))).length, 0)
  const leaked = portal.files.filter((f) => backOfficeOnlyFiles(manifests).has(f.replace(/^\//, '')))

  const verdict = portal.gzipped <= LIMIT ? 'ok' : 'OVER THE LIMIT'
  console.log("\nportal bundle — JavaScript of a guest's first /home/index load (gzipped)")
  console.log('  measure                                   files   gzipped     sent   limit')
  const row = (name: string, files: number, gz: number, sent: number | null, limit: string) =>
    console.log(
      `  ${name.padEnd(40)} ${String(files).padStart(5)} ${kb(gz).padStart(9)} ${(sent === null ? '-' : kb(sent)).padStart(8)}   ${limit}`,
    )
  row('/home/index in Chromium (guest)', portal.files.length, portal.gzipped, portal.sent, `${kb(LIMIT)}  ${verdict}`)
  row('manifest: portal entry + home route', graph.size, fromManifest, null, '')
  row('reference: back office /login', backOffice.files.length, backOffice.gzipped, backOffice.sent, '')
  console.log(`  back-office-only chunks fetched by the portal: ${leaked.length ? leaked.join(', ') : 'none'}`)
  failed = portal.gzipped > LIMIT || leaked.length > 0
} finally {
  await browser.close()
  await app.stop()
}
if (failed) process.exit(1)
