import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'
import { startImap, type ImapServer } from '../support/imap-server.ts'
import { startTestSmtp } from '../support/smtp-server.ts'

/**
 * The mail screens (issue #29) on a running appliance, against a real SMTP server and a real Dovecot: an account
 * added whose password is never shown again, a template edited and previewed as the outbox renders it, a message
 * written in the outbox that the server receives and the outbox shows sent, and the inbox listing what a sync
 * fetched.
 */
describeBrowser('mail screens', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>
  let imap: ImapServer
  let app: Appliance
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    imap = await startImap()
    // One login for both: the account sends with it and reads its inbox with it.
    smtp = await startTestSmtp({ users: { [imap.user]: imap.password } })
    await imap.append([
      await new MailComposer({
        from: '"家长" <parent@home.example>',
        to: 'school@school.example',
        subject: '请假申请：三年级二班',
        html: '<p>孩子发烧，请假一天。</p>',
      })
        .compile()
        .build(),
    ])
    app = await startAppliance({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(10_000)
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await imap?.stop()
    await smtp?.close()
  })

  const choose = async (field: string, option: string) => {
    await page.getByTestId(`field-${field}`).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }
  const number = async (field: string, value: number) => {
    await page.getByTestId(`field-${field}`).fill(String(value))
    await page.getByTestId(`field-${field}`).press('Tab')
  }

  it('adds an account: the password goes in and is never shown again', async () => {
    await page.goto(`${app.url}/mail/config`)
    await page.getByTestId('toolbar-add').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByLabel('账户名称').fill('教务处邮箱')
    await form.getByLabel('发信服务器（SMTP）').fill('127.0.0.1')
    await number('port', smtp.port)
    await choose('tlsMode', '不加密')
    await form.getByLabel('登录账号').fill(imap.user)
    await form.getByLabel('密码（留空不修改）').fill(imap.password)
    // Typed, it is masked like any password.
    expect(await form.getByLabel('密码（留空不修改）').getAttribute('type')).toBe('password')
    await form.getByLabel('发件人地址').fill('office@school.test')
    await form.getByLabel('收信服务器（IMAP）').fill(imap.host)
    await number('imapPort', imap.port)
    await choose('imapTls', '不加密（可 STARTTLS）')
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    const row = page.getByRole('row').filter({ hasText: '教务处邮箱' }).first()
    await row.waitFor()
    await row.getByTestId('row-enable').click()
    await row.getByText('默认账户').waitFor()
    // Opened again for editing, the password field is empty: the stored one never comes back.
    await row.getByTestId('row-edit').click()
    await form.waitFor()
    expect(await form.getByLabel('密码（留空不修改）').inputValue()).toBe('')
    expect(await page.content()).not.toContain(imap.password)
    await form.getByRole('button', { name: '取消' }).click()
    await form.waitFor({ state: 'hidden' })
  })

  it('edits a template and previews it with values typed in', async () => {
    await page.goto(`${app.url}/mail/template`)
    const row = page.getByRole('row').filter({ hasText: 'workflow.urge' }).filter({ hasText: '流程催办' }).first()
    await row.waitFor()
    await row.getByTestId('row-edit').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByLabel('邮件主题').fill('【请办理】{{ process }}')
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    await row.getByText('【请办理】{{ process }}').waitFor()

    await row.getByTestId('row-preview').click()
    const dialog = page.getByTestId('preview-dialog')
    await dialog.waitFor()
    await dialog.getByTestId('preview-var-name').fill('王老师')
    await dialog.getByTestId('preview-var-process').fill('请假申请')
    await dialog.getByTestId('preview-var-task').fill('主任审批')
    await dialog.getByTestId('preview-var-from').fill('李同学')
    await dialog.getByTestId('preview-render').click()
    await expect.poll(() => dialog.getByTestId('preview-subject').textContent()).toBe('【请办理】请假申请')
    expect(await dialog.getByTestId('preview-content').textContent()).toContain('王老师，您好')
    expect(await dialog.getByTestId('preview-content').textContent()).toContain('李同学 提醒您')
    await page.screenshot({ path: '/tmp/mail-template-preview.png' })
    await dialog.getByRole('button', { name: '取消' }).click()
  })

  it('writes a mail in the outbox: the server receives it and the outbox shows it sent', async () => {
    await page.goto(`${app.url}/mail/outbox`)
    await page.getByTestId('compose').click()
    const dialog = page.getByTestId('compose-dialog')
    await dialog.waitFor()
    await dialog.getByTestId('compose-to').fill('parent@home.example')
    await dialog.getByTestId('compose-subject').fill('期末考试安排')
    await dialog.getByTestId('compose-content').fill('<p>第 18 周考试。</p>')
    await dialog.getByTestId('compose-send').click()
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(() => smtp.received.filter((r) => r.parsed.subject === '期末考试安排').length, { timeout: 15_000 })
      .toBe(1)
    const got = smtp.received.find((r) => r.parsed.subject === '期末考试安排')!
    expect(got).toMatchObject({ user: imap.user, envelope: { to: ['parent@home.example'] } })
    // The screen shows it sent once the worker recorded it (a reload reads the state again).
    await expect
      .poll(
        async () => {
          await page.reload()
          const row = page.getByRole('row').filter({ hasText: '期末考试安排' }).first()
          await row.waitFor()
          return row.getByText('已发送').count()
        },
        { timeout: 15_000 },
      )
      .toBe(1)
    await page.screenshot({ path: '/tmp/mail-outbox-sent.png' })
  })

  it('fetches the inbox and lists what the sync brought', async () => {
    await page.goto(`${app.url}/mail/inbox`)
    await page.getByTestId('inbox-sync').click()
    await page.getByTestId('inbox-sync-start').click()
    await page.getByText('收取完成：新邮件 1 封').first().waitFor()
    const row = page.getByRole('row').filter({ hasText: '请假申请：三年级二班' }).first()
    await row.waitFor()
    expect(await row.textContent()).toContain('parent@home.example')
    await page.screenshot({ path: '/tmp/mail-inbox.png' })
  })
})
