import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { startChatStandIn, type ChatStandIn } from '../support/chat-completions'
import { applianceQuery } from '../support/server-process.ts'
import { apiCall, signedIn, tokenOf } from './pages-support'

const axeProblems = async (page: Page) => (await seriousViolations(page)).map((v) => `${v.id}: ${v.targets[0]}`)
const KEY = 'sk-browser-test-key'
const COURSE = '900000000000000001'
const SECTION = '900000000000000002'

/**
 * The study assistant page (/home/ai) in Chromium: off with a clear page until the platform administrator
 * configures a model endpoint (here a local stand-in speaking the streaming chat-completions protocol), whose
 * screen shows the key masked; then a learner picks a course, asks, and reads the streamed answer whose [1] links
 * to the cited section on the learn page.
 */
describeBrowser('study assistant page', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let model: ChatStandIn

  beforeAll(async () => {
    model = startChatStandIn(KEY)
    app = await startAppliance({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
    // A free course open to every learner, written into the tables: the triggers index its section.
    await applianceQuery(
      app.dataDir,
      `insert into hm_course (id, tenant_id, title, is_auth, price) values ('${COURSE}', '000000', '网络基础', 0, 0)`,
    )
    await applianceQuery(
      app.dataDir,
      `insert into hm_course_section (id, tenant_id, course_id, title, content) values ('${SECTION}', '000000', '${COURSE}', 'TCP 三次握手', '<p>建立 TCP 连接时，客户端发送 SYN，服务器回复 SYN+ACK，客户端再发送 ACK。</p>')`,
    )
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(10_000)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    model?.stop()
  })

  it('is off with a clear page until a model endpoint is configured', async () => {
    await signInUi(page, app.url, 'student')
    await signedIn(page)
    await page.goto(`${app.url}/home/ai`)
    await page.getByTestId('assistant-off').waitFor()
    expect(await page.getByTestId('assistant-off').textContent()).toContain('学习助手尚未开启')
    expect(await axeProblems(page)).toEqual([])
  })

  it('the platform administrator sets the endpoint up; its screen shows the key masked', async () => {
    const token = await tokenOf(app.url, 'admin')
    const r = await apiCall(
      app.url,
      token,
      'POST',
      '/api/blade-assistant/config/submit',
      {},
      {
        baseUrl: model.baseUrl,
        model: 'qwen2.5:7b',
        apiKey: KEY,
        dailyQuota: 50,
        enabled: 1,
      },
    )
    expect(r.code, r.msg).toBe(200)
    const staff = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    staff.setDefaultTimeout(10_000)
    await signInUi(staff, app.url, 'admin')
    await signedIn(staff)
    await staff.goto(`${app.url}/system/assistant`)
    const row = staff.getByRole('row', { name: /qwen2\.5:7b/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('••••-key')
    expect(await axeProblems(staff)).toEqual([])
    // The audit screen: the demo school's sample question, who asked it and the section it cited.
    await staff.goto(`${app.url}/system/assistant-questions`)
    const asked = staff.getByRole('row', { name: /这门课程先学什么/ })
    await asked.waitFor()
    expect(await asked.textContent()).toContain('第一章 课程导学')
    expect(await axeProblems(staff)).toEqual([])
    await staff.close()
  })

  it('a learner asks about a course and sees the answer stream in with a citation link', async () => {
    await page.goto(`${app.url}/home/ai`)
    await page.getByTestId('assistant-course').selectOption(COURSE)
    await page.getByTestId('assistant-question').fill('TCP 三次握手的过程是怎样的？')
    await page.getByRole('button', { name: '提问' }).click()
    const answer = page.getByTestId('assistant-answer')
    await expect.poll(() => answer.textContent()).toBe('The course says so [1].')
    const link = answer.getByRole('link', { name: /TCP 三次握手/ })
    expect(await link.getAttribute('href')).toBe(`/home/course/learn?id=${COURSE}`)
    expect(await page.getByRole('list').getByRole('link', { name: 'TCP 三次握手' }).count()).toBe(1)
    expect(model.requests.at(-1)!.messages[0]!.content).toContain('客户端发送 SYN')
    expect(await axeProblems(page)).toEqual([])
    await link.click()
    await page.waitForURL((u) => u.pathname === '/home/course/learn' && u.searchParams.get('id') === COURSE)
  })

  it('speaks English when the learner chose it', async () => {
    await page.evaluate(() => localStorage.setItem('atrium-lang', JSON.stringify('en')))
    await page.goto(`${app.url}/home/ai`)
    await page.getByRole('heading', { name: 'Study assistant' }).waitFor()
    expect(await page.getByText(/Your school asked 1 of 50 questions today/).count()).toBe(1)
    expect(await axeProblems(page)).toEqual([])
  })

  it('a school the platform administrator gives no questions sees why, and cannot ask', async () => {
    const staff = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    staff.setDefaultTimeout(10_000)
    await signInUi(staff, app.url, 'admin')
    await signedIn(staff)
    await staff.goto(`${app.url}/system/tenant`)
    await staff
      .getByRole('row', { name: /000000/ })
      .getByRole('button', { name: '授权配置' })
      .click()
    const quota = staff.getByRole('dialog').getByTestId('field-assistantQuota')
    await quota.fill('0')
    await staff.getByTestId('form-submit').click()
    await staff.getByTestId('form-dialog').waitFor({ state: 'detached' })
    await staff.close()
    await page.goto(`${app.url}/home/ai`)
    await page.getByTestId('assistant-no-quota').waitFor()
    expect(await page.getByTestId('assistant-no-quota').textContent()).toContain('ask the platform administrator')
    await page.getByTestId('assistant-question').fill('What is a SYN?')
    expect(await page.getByRole('button', { name: 'Ask' }).isDisabled()).toBe(true)
    expect(await axeProblems(page)).toEqual([])
  })
})
