import { Database } from 'bun:sqlite'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readArchive } from '../../server/modules/backup/archive.ts'
import { formatDateTime } from '../../server/lib/time.ts'
import { browserSession, describeBrowser } from '../support/browser.ts'
import { describeSqlite, onPostgres } from '../support/engine.ts'

/**
 * The backups screen as the platform administrator meets it: back up now,
 * the newest backup shown in the schedule card, download a verifiable archive,
 * a wrong schedule named on its field, and delete after confirming.
 */
// The screen's archives hold atrium.db: on PostgreSQL backups answer 409 (pg_dump), tested in server/modules/backup.
;(onPostgres ? describeSqlite : describeBrowser)('backups screen (browser)', () => {
  // The nightly backup (02:30 by default) would make a backup of its own when the run passes that time of day: its
  // day is taken beforehand, as a process that ran it would have — today's and tomorrow's, should the run cross
  // midnight. The screen's empty state and the manual backup are then what the test sees.
  const s = browserSession('admin', 'admin', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'))
    copyFileSync(process.env.ATRIUM_TEST_TEMPLATE!, join(dataDir, 'atrium.db'))
    const db = new Database(join(dataDir, 'atrium.db'))
    const day = (offset: number) => formatDateTime(new Date(Date.now() + offset * 86_400_000)).slice(0, 10)
    for (const d of [day(0), day(1)])
      db.query('INSERT INTO blade_schedule_run (key, owner, at) VALUES (?, ?, ?)').run(
        `backup.nightly.day:${d}`,
        'backup-screen test',
        Date.now(),
      )
    db.close()
    return { ATRIUM_DATA_DIR: dataDir }
  })
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const rows = () => page.getByTestId('backup-table').locator('tbody tr')

  it('is reached from the System menu, and a backup made now is listed and shown as the newest', async () => {
    const link = page.getByTestId('menu-/system/backup')
    if (!(await link.isVisible())) await page.getByRole('navigation', { name: 'menu' }).getByText('系统管理').click()
    await link.click()
    await page.waitForURL('**/system/backup')
    await page.getByText('还没有备份').waitFor()
    await page.getByText('还没有整机备份。').waitFor()

    await page.getByTestId('backup-create').click()
    await page.getByText('备份完成').first().waitFor()
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rows().first().textContent()).toContain('手动')
    // The schedule card reads the same resource, so it shows the new backup without a reload.
    await page
      .getByTestId('backup-schedule')
      .getByText(/最近一次整机备份/)
      .waitFor()
  })

  it('downloads an archive whose manifest and checksums verify', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows().first().getByRole('button', { name: '下载' }).click(),
    ])
    const file = await download.path()
    expect(download.suggestedFilename()).toMatch(/^manual-\d{8}-\d{6}-\w+\.tar\.gz$/)
    const manifest = await readArchive(file)
    expect(manifest.files.some((f) => f.path.endsWith('.db'))).toBe(true)
  })

  it('names a wrong schedule time on its field and keeps the old schedule, then saves a right one', async () => {
    const card = page.getByTestId('backup-schedule')
    await card.getByTestId('backup-schedule-edit').click()
    await card.getByTestId('backup-time').fill('25:99')
    await card.getByTestId('backup-schedule-save').click()
    await card.getByRole('alert').or(card.locator('[id$="__validationMessage"]')).first().waitFor()
    expect(await card.getByTestId('backup-time').inputValue()).toBe('25:99')

    await card.getByTestId('backup-time').fill('03:15')
    await card.getByTestId('backup-keep').fill('5')
    await card.getByTestId('backup-schedule-save').click()
    await page.getByText('备份计划已保存').first().waitFor()
    await card.getByText('每天 03:15 后自动备份，保留最近 5 份。').waitFor()
  })

  it('deletes a backup only after confirming', async () => {
    // The schedule saved above (03:15) is usually already due today, so the appliance's five-minute tick may add a
    // nightly backup at any moment: follow the manual one rather than the row count.
    const manual = () => rows().filter({ hasText: '手动' })
    await manual().first().getByRole('button', { name: '删除' }).click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '取消' }).click()
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' })
    expect(await manual().count()).toBe(1)
    await manual().first().getByRole('button', { name: '删除' }).click()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => manual().count()).toBe(0)
  })
})
