import { beforeAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { loadSecrets } from '../../server/lib/secrets.ts'
import { applianceIdOf } from '../../server/modules/lab/engine/names.ts'
import { browserSession, describeBrowser } from '../support/browser.ts'
import { cleanUpAfter, describeDocker } from '../support/docker.ts'
import { apiCall, tokenOf } from './pages-support.ts'
import { applianceDatabase } from '../support/server-process.ts'

/** The staff running-labs screen, against a running appliance and the real engine. */
describeDocker('running labs screen (browser, real engine)', () => {
  describeBrowser('running labs', () => {
    // Signed in as the administrator once, here; every case below relies on that session.
    const s = browserSession('admin')
    let page: Page
    let applianceId = ''
    beforeAll(() => {
      page = s.page
      applianceId = applianceIdOf(loadSecrets(s.app.dataDir).jwtSecret)
    })
    cleanUpAfter(() => applianceId)

    it('warm containers the CLI started beside the running server are shown, and a lab opened from them is listed', async () => {
      const admin = await tokenOf(s.app.url, 'admin')
      const exps = await apiCall(s.app.url, admin, 'GET', '/api/hm-experiment/experiment/list', { size: '50' })
      const exp = exps.data.records.find((e: { title: string }) => e.title === 'Linux 命令行入门')
      // `atrium labs pool` is another process on the same data directory and engine.
      const cli = spawnSync(
        process.execPath,
        ['cli/main.ts', 'labs', 'pool', exp.imagesName, '--count', '2', '--json'],
        {
          env: {
            ...process.env,
            ...(await applianceDatabase(s.app.dataDir)),
            ATRIUM_DATA_DIR: s.app.dataDir,
            ATRIUM_LANG: 'en',
          },
          encoding: 'utf8',
        },
      )
      expect(cli.status, cli.stdout + cli.stderr).toBe(0)

      await page.goto(`${s.app.url}/lab/running`)
      const pool = page.getByTestId('warm-pool')
      await expect.poll(() => pool.textContent(), { timeout: 15_000 }).toMatch(/就绪 2/)

      const student = await tokenOf(s.app.url, 'student')
      const opened = await apiCall(
        s.app.url,
        student,
        'GET',
        '/api/hm-experiment/experiment/openExperimentToContainer',
        {
          experimentId: exp.id,
        },
      )
      expect(opened.code, opened.msg).toBe(200)
      await page.reload()
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Linux 命令行入门' }).count()).toBe(1)
      await expect.poll(() => pool.textContent(), { timeout: 15_000 }).toMatch(/就绪 1/)
      await page.screenshot({ path: '/tmp/lab-running.png' })
    }, 90_000) // a CLI process boots the appliance and starts two containers: slow on a loaded 2-core machine
  })
})
