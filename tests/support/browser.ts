/**
 * Browser tests drive the real appliance (a server process over a temporary
 * data directory, serving the built web bundle) with Debian's Chromium through
 * playwright-core. Without Chromium they skip with a printed reason locally;
 * in CI (CI=true) a missing browser is a failure, not a skip.
 */
import type { ChildProcess } from 'node:child_process'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { webBundleIsFresh } from '../../web/bundle-freshness.ts'
import { isPortalPath } from '../../web/entries.ts'
import { processAlive, spawnServer, stopChild, WEB_DIST } from './server-process.ts'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const haveChromium = existsSync(CHROMIUM)

/**
 * Builds web/dist when web/ changed since the last build. Test files run in
 * parallel workers, so a lock directory makes one build and the others wait.
 * The lock belongs to this checkout (other worktrees build their own bundle)
 * and names its holder: a lock whose process is gone (a killed test run) is
 * taken over instead of making every later run wait and skip.
 */
export function ensureWebBundle(): boolean {
  const index = join(WEB_DIST, 'index.html')
  const fresh = () => webBundleIsFresh(resolve(WEB_DIST, '../..'))
  if (fresh()) return true
  const lock = join(tmpdir(), `atrium-web-build-${createHash('sha1').update(WEB_DIST).digest('hex').slice(0, 12)}.lock`)
  const deadline = Date.now() + 600_000
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch {
      if (!holderAlive(lock)) {
        rmSync(lock, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) return fresh()
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500)
      if (fresh()) return true
    }
  }
  try {
    if (!fresh())
      spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' })
    return existsSync(index)
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Whether the process named in a build lock still runs (a lock made in the last seconds, its pid not yet written, counts as held). */
function holderAlive(lock: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000
    } catch {
      return false
    }
  }
  return processAlive(pid)
}

/** describe() for browser suites: runs when Chromium and the web bundle exist; otherwise says why (and fails in CI). */
export function describeBrowser(name: string, body: () => void) {
  const haveWeb = haveChromium && ensureWebBundle()
  const reason = !haveChromium
    ? `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`
    : !haveWeb
      ? 'the web bundle did not build (npx vite build --config web/vite.config.ts)'
      : ''
  if (!reason) return describe(name, body)
  if (process.env.CI)
    return describe(name, () =>
      it(`needs a browser: ${reason}`, () => {
        throw new Error(reason)
      }),
    )
  console.warn(`[skip] ${name}: ${reason}`)
  return describe.skipIf(true)(name, body)
}

export interface Appliance {
  url: string
  dataDir: string
  process: ChildProcess
  stop(): Promise<void>
  /** SIGKILL: no shutdown, no checkpoint — what a power cut does to the process. */
  kill9(): Promise<void>
  /** Starts the server again on the same ports and data directory. */
  restart(): Promise<void>
}

/** Starts server/main.ts on free ports over a copy of the seeded template database, or over ATRIUM_DATA_DIR when given. */
export async function startAppliance(env: Record<string, string> = {}): Promise<Appliance> {
  const dataDir = env.ATRIUM_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atrium-e2e-'))
  if (!env.ATRIUM_DATA_DIR && process.env.ATRIUM_TEST_TEMPLATE)
    copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  const first = await spawnServer({ dataDir, env })
  const app: Appliance = {
    url: first.url,
    dataDir,
    process: first.child,
    async stop() {
      await stopChild(app.process)
      rmSync(dataDir, { recursive: true, force: true })
    },
    async kill9() {
      await stopChild(app.process, 'SIGKILL')
    },
    async restart() {
      app.process = (await spawnServer({ dataDir, env, ports: first })).child
    },
  }
  return app
}

/**
 * Chromium aborts a navigation with net::ERR_NETWORK_CHANGED when the host's
 * network interfaces change under it — which the lab suites do, creating and
 * removing Docker networks while browser suites run beside them. That is the
 * test machine, not the page: a navigation so aborted is tried again (twice at
 * most); every other failure is the test's to see.
 */
const NETWORK_CHANGED = /ERR_NETWORK_CHANGED/
const steady = new WeakSet<Page>()
function steadyNavigation(page: Page): Page {
  // Browser.newPage opens its page through a (steadied) context: wrap once.
  if (steady.has(page)) return page
  steady.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const again =
    <A extends unknown[], R>(go: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      for (let tries = 1; ; tries++) {
        try {
          return await go(...a)
        } catch (e) {
          if (tries >= 3 || !NETWORK_CHANGED.test(String(e))) throw e
        }
      }
    }
  page.goto = again(goto)
  page.reload = again(reload)
  return page
}
function steadyContext(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context)
  context.newPage = async () => steadyNavigation(await newPage())
  return context
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  })
  const newContext = browser.newContext.bind(browser)
  const newPage = browser.newPage.bind(browser)
  browser.newContext = async (options) => steadyContext(await newContext(options))
  browser.newPage = async (options) => steadyNavigation(await newPage(options))
  return browser
}

/**
 * Signs in through the login page. The page marks its inputs with
 * data-testid login-account, login-password and login-submit.
 */
export async function signInUi(page: Page, baseUrl: string, account: string, password = account) {
  await page.goto(`${baseUrl}/login`)
  await page.getByTestId('login-account').fill(account)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
}

/**
 * Waits until a sign-in has landed: off the sign-in pages, and the landing
 * entry showing the user. A learner lands in the portal, a separate document:
 * the address changes first and the portal loads after it, so navigating on
 * as soon as the address changes aborts that load (net::ERR_ABORTED).
 */
export async function signedIn(page: Page) {
  // Generous: both engines' browser suites load the machine at once, and the portal is a second document to load.
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && u.pathname !== '/home/user-login', {
    timeout: 30_000,
  })
  const portal = isPortalPath(new URL(page.url()).pathname)
  await page.getByTestId(portal ? 'portal-user' : 'message-bell').waitFor({ timeout: 30_000 })
}

/**
 * What a browser suite shares: one appliance, one browser and one page,
 * signed in as `account` when given; all stopped after the suite. `env` goes to the appliance (startAppliance).
 */
export function browserSession(account?: string, password = account, env: () => Record<string, string> = () => ({})) {
  const s = {} as { app: Appliance; browser: Browser; page: Page }
  beforeAll(async () => {
    s.app = await startAppliance(env())
    s.browser = await launchBrowser()
    s.page = await s.browser.newPage({ viewport: { width: 1366, height: 860 } })
    s.page.setDefaultTimeout(8000)
    if (account) {
      await signInUi(s.page, s.app.url, account, password)
      await signedIn(s.page)
    }
  })
  afterAll(async () => {
    await s.browser?.close()
    await s.app?.stop()
  })
  return s
}

// Where the other suites took them from before they moved to server-process.ts.
export { freePort, WEB_DIST } from './server-process.ts'
