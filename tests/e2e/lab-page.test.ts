import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { loadSecrets } from '../../server/lib/secrets.ts'
import { applianceIdOf } from '../../server/modules/lab/engine/names.ts'
import { browserSession, describeBrowser, signInUi } from '../support/browser.ts'
import { cleanUpAfter, describeDocker } from '../support/docker.ts'
import { ensureWebLabImage, WEB_LAB_IMAGE } from '../support/lab-image.ts'
import { apiCall, tokenOf } from './pages-support.ts'

/** A short WebM (VP8), which Chromium plays without proprietary codecs. */
async function demoWebm(): Promise<Uint8Array<ArrayBuffer>> {
  const p = Bun.spawn(
    ['ffmpeg', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=160x120:d=2:r=10', '-c:v', 'libvpx', '-f', 'webm', '-'],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const bytes = new Uint8Array(await new Response(p.stdout).arrayBuffer())
  if ((await p.exited) !== 0) throw new Error(await new Response(p.stderr).text())
  return bytes
}

/** What the terminal shows (xterm's DOM renderer keeps one div per row). */
const screenText = (page: Page) => page.getByTestId('terminal-screen').locator('.xterm-rows').innerText()

describeDocker('the learner lab page (browser, real engine)', () => {
  describeBrowser('lab page', () => {
    const s = browserSession()
    let page: Page
    let applianceId = ''
    beforeAll(async () => {
      page = s.page
      applianceId = applianceIdOf(loadSecrets(s.app.dataDir).jwtSecret)
    })
    // Registered after the session, so it runs before the appliance (and its data directory) goes away.
    cleanUpAfter(() => applianceId)

    it('a guest sees the labs and is asked to sign in', async () => {
      await page.goto(`${s.app.url}/home/practice-course`)
      await expect.poll(() => page.getByTestId('lab-card').count()).toBe(1)
      await expect.poll(() => page.getByText('登录后开始').count()).toBe(1)
    })

    it('the learner opens the experiment, types `echo hello` and sees hello', async () => {
      await signInUi(page, s.app.url, 'student')
      // A learner lands on the portal (its own entry, loaded in full): wait until it shows them before navigating on.
      await page.waitForURL((u) => u.pathname === '/home/index')
      await expect.poll(() => page.getByTestId('portal-user').textContent()).toContain('王同学')
      await page.goto(`${s.app.url}/home/practice-course`)
      await page.getByTestId('lab-enter').click()
      await page.waitForURL('**/home/experiment?id=*')
      await expect.poll(() => page.getByText('Linux 命令行入门').count()).toBeGreaterThan(0)
      await page.getByTestId('lab-open').click()
      await expect
        .poll(() => page.getByTestId('terminal-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('open')
      await expect.poll(() => screenText(page)).toMatch(/[$#]/)
      await page.getByTestId('terminal-screen').click()
      await page.keyboard.type('echo hello > greeting.txt; echo he""llo\n')
      await expect.poll(() => screenText(page)).toMatch(/^hello$/m)
      await expect.poll(() => page.getByTestId('lab-remaining').textContent()).toMatch(/^(59|60):\d\d$/)
    })

    it('after a reload the same shell is back, its output replayed', async () => {
      await page.reload()
      await expect
        .poll(() => page.getByTestId('terminal-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('open')
      await expect.poll(() => screenText(page)).toMatch(/^hello$/m)
      await page.getByTestId('terminal-screen').click()
      await page.keyboard.type('cat greeting.txt | wc -c\n')
      await expect.poll(() => screenText(page)).toMatch(/^\s*6$/m)
    })

    it('files: the file made in the shell is listed, an upload lands in the workspace', async () => {
      await page.getByTestId('lab-files-open').click()
      await expect.poll(() => page.getByTestId('lab-files').getByText('greeting.txt').count()).toBe(1)
      await page
        .getByTestId('lab-upload-input')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('from the browser\n') })
      await expect.poll(() => page.getByTestId('lab-files').getByText('notes.txt').count()).toBe(1)
      await page.keyboard.press('Escape')
      await page.getByTestId('terminal-screen').click()
      await page.keyboard.type('cat notes.txt\n')
      await expect.poll(() => screenText(page)).toContain('from the browser')
    })

    it("the experiment's demo video plays beside the lab", async () => {
      const admin = await tokenOf(s.app.url, 'admin')
      const form = new FormData()
      form.append('files', new File([await demoWebm()], 'demo.webm', { type: 'video/webm' }))
      const put = await fetch(`${s.app.url}/api/blade-resource/oss/endpoint/put-file?kind=courseware`, {
        method: 'POST',
        body: form,
        headers: { 'blade-auth': `bearer ${admin}` },
      }).then((r) => r.json())
      expect(put.code).toBe(200)
      const id = new URL(page.url()).searchParams.get('id')!
      const exp = await apiCall(s.app.url, admin, 'GET', '/api/hm-experiment/experiment/detail', { id })
      const saved = await apiCall(
        s.app.url,
        admin,
        'POST',
        '/api/hm-experiment/experiment/submit',
        {},
        {
          ...exp.data,
          videoWareName: put.data.link,
        },
      )
      expect(saved.code).toBe(200)

      await page.reload()
      await page.getByTestId('lab-video-tab').click()
      const video = page.getByTestId('lab-video')
      // The private file is reached through the signed link the detail answered (no token on a <video>).
      await expect.poll(() => video.getAttribute('src')).toMatch(/^\/upload\/.+\?expires=\d+&sign=/)
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
        .toBeGreaterThan(0)
      expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1.5)
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true
        return v.play()
      })
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0)
      await page.screenshot({ path: '/tmp/lab-video.png' })
      // The terminal is still beside it.
      await expect.poll(() => page.getByTestId('terminal-status').getAttribute('data-state')).toBe('open')
    })

    it('reset asks first, then gives a clean workspace in a fresh container', async () => {
      await page.getByTestId('lab-reset').click()
      await page.getByTestId('confirm-ok').click()
      await expect
        .poll(() => page.getByTestId('terminal-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('open')
      await page.getByTestId('terminal-screen').click()
      await page.keyboard.type('ls -a | wc -l\n')
      // Only . and .. are left.
      await expect.poll(() => screenText(page)).toMatch(/^\s*2$/m)
    })

    it('a web lab shows its app in the page through the proxy, sandboxed away from the appliance', async () => {
      expect((await ensureWebLabImage()).ok).toBe(true)
      const admin = await tokenOf(s.app.url, 'admin')
      const img = await apiCall(
        s.app.url,
        admin,
        'POST',
        '/api/hm-images/images/submit',
        {},
        {
          title: '网页实验环境',
          imageId: WEB_LAB_IMAGE,
          service: 'web',
          webPort: 8000,
        },
      )
      const exp = await apiCall(
        s.app.url,
        admin,
        'POST',
        '/api/hm-experiment/experiment/submit',
        {},
        {
          title: '网页实验',
          imagesName: img.data.id,
          status: 1,
          wareName: '# 网页实验\n在右侧打开实验应用。',
        },
      )
      const student = await tokenOf(s.app.url, 'student')
      await apiCall(s.app.url, student, 'POST', '/api/nep-wbp/experimentUser/signUp', {}, { experimentId: exp.data.id })
      // The student signed in in the earlier case (this page keeps its session; /login would send it away).
      await page.goto(`${s.app.url}/home/experiment?id=${exp.data.id}`)
      await page.getByTestId('lab-open').click()
      const frame = page.frameLocator('[data-testid="lab-web-frame"]')
      // httpd starts a moment after the container: the proxy's page retries by itself until it answers.
      await expect.poll(() => frame.locator('#hello').count(), { timeout: 15_000 }).toBe(1)
      expect(await frame.locator('#hello').textContent()).toBe('Hello from the lab')
      const src = await page.getByTestId('lab-web-frame').getAttribute('src')
      expect(src).toMatch(/^\/lab-proxy\/\d+\/[^/]+\/$/)
      // The learner's page has an opaque origin: no storage of the appliance, no token.
      const inside = page.frames().find((f) => f.url().includes('/lab-proxy/'))!
      expect(
        await inside.evaluate(() => {
          try {
            return `readable:${localStorage.length}`
          } catch {
            return 'blocked'
          }
        }),
      ).toBe('blocked')
      expect(await inside.evaluate(() => origin)).toBe('null')
      await page.screenshot({ path: '/tmp/lab-web.png' })
      // Its terminal is one click away.
      await page.getByTestId('lab-view').getByRole('tab', { name: '终端' }).click()
      await expect
        .poll(() => page.getByTestId('terminal-status').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('open')
    })
  })
})
