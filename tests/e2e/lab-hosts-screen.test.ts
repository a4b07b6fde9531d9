import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { describeViolations, seriousViolations } from '../support/axe.ts'
import { browserSession, describeBrowser } from '../support/browser.ts'
import { describeDocker } from '../support/docker.ts'

/**
 * The platform administrator's lab hosts screen (issue #27) against a running appliance and the real engine: the
 * local engine's row with its state badge, and a host added with a wrong endpoint refused on that field.
 */
describeDocker('lab hosts screen (browser, real engine)', () => {
  describeBrowser('lab hosts', () => {
    const s = browserSession('admin')
    let page: Page
    beforeAll(() => {
      page = s.page
    })

    it('is reached from the Labs menu and shows the local engine up, with its places', async () => {
      await page.goto(`${s.app.url}/lab/host`)
      const row = page.getByRole('row').filter({ hasText: 'DOCKER_HOST' })
      await row.first().waitFor()
      const badge = page.getByTestId('host-state-local')
      await badge.waitFor()
      expect(await badge.textContent()).toBe('在线')
      expect(await row.first().textContent()).toMatch(/0 \/ \d+/)
      // The local engine is not a listed host: nothing to edit, disable or remove on its row.
      expect(await row.first().getByTestId('row-edit').count()).toBe(0)
      expect(await row.first().getByTestId('host-disable').count()).toBe(0)
      const found = await seriousViolations(page)
      expect(found, describeViolations(found)).toEqual([])
      await page.screenshot({ path: '/tmp/lab-hosts.png' })
    })

    it('a host added with a wrong endpoint is refused on that field, and the dialog keeps what was typed', async () => {
      await page.getByTestId('toolbar-add').click()
      const form = page.getByTestId('form-dialog')
      await form.waitFor()
      const inForm = await seriousViolations(page)
      expect(inForm, describeViolations(inForm)).toEqual([])
      await form.getByLabel('名称').fill('lab-b')
      await form.getByLabel('地址').fill('http://10.0.0.9:2375')
      await page.getByTestId('form-submit').click()
      await form.getByText('地址须为 unix:///路径、tcp://主机:端口 或 ssh://用户@主机').waitFor()
      expect(await form.getByLabel('地址').inputValue()).toBe('http://10.0.0.9:2375')
      await page.screenshot({ path: '/tmp/lab-hosts-error.png' })
      // Corrected, it is added and listed with its own state (nobody listens there: unreachable, since when).
      await form.getByLabel('地址').fill('tcp://127.0.0.1:1')
      await page.getByTestId('form-submit').click()
      await form.waitFor({ state: 'hidden' })
      const badge = page.getByTestId('host-state-lab-b')
      await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toMatch(/^不可达 · 自 \d{4}-/)
    })
  })
})
