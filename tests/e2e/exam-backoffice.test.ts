import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

const HEADER = 'type,hard,score,content,A,B,C,D,E,F,G,H,correct,blanks,answer,analysis,title,courseName,bankType'

/** The teacher's exam screens: the question dialog, bank import with per-row errors, exam statistics charts, team members. */
describeBrowser('exam back office (browser)', () => {
  const s = browserSession('teacher')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const rows = () => page.getByTestId('resource-table').locator('tbody tr')

  it('adds a multiple-choice question in the structured dialog; the server names a missing correct option', async () => {
    await page.goto(`${s.app.url}/exam/question`)
    await expect.poll(() => rows().count()).toBeGreaterThan(0)
    await page.getByTestId('question-add').click()
    const d = page.getByTestId('question-dialog')
    await d.getByTestId('q-type').click()
    await page.getByRole('option', { name: '多选题' }).click()
    await d.getByTestId('q-content').fill('哪些是应用层协议？')
    await d.getByTestId('q-option-0').fill('HTTP')
    await d.getByTestId('q-option-1').fill('TCP')
    await d.getByTestId('q-correct-0').uncheck()
    await d.getByTestId('q-save').click()
    await expect.poll(() => page.getByText('多选题至少需要一个正确选项').count()).toBeGreaterThan(0)
    await d.getByTestId('q-correct-0').check()
    await d.getByTestId('q-save').click()
    await expect.poll(() => page.getByText('新增成功').count()).toBeGreaterThan(0)
    await expect.poll(() => rows().filter({ hasText: '哪些是应用层协议' }).count()).toBe(1)
  })

  it('imports a sheet: a bad row is listed with its line and nothing is imported; a clean file previews, then imports', async () => {
    const bad = join(tmpdir(), `bank-bad-${process.pid}.csv`),
      good = join(tmpdir(), `bank-good-${process.pid}.csv`)
    writeFileSync(bad, [HEADER, '1,1,2,好的一题,a,b,,,,,,,A,,,,,,', '1,1,2,没有答案,a,b,,,,,,,,,,,,,'].join('\n'))
    writeFileSync(good, [HEADER, '4,1,2,导入的填空 ____,,,,,,,,,,甲|乙,,,,,导入'].join('\n'))
    await page.getByTestId('question-import').click()
    const d = page.getByTestId('import-dialog')
    await d.getByTestId('import-file').setInputFiles(bad)
    await expect.poll(() => d.getByTestId('import-errors').locator('tbody tr').count()).toBe(1)
    expect(await d.getByTestId('import-errors').textContent()).toContain('3')
    expect(await d.getByTestId('import-run').isDisabled()).toBe(true)
    // The teacher may import the valid row without the refused one.
    expect(await d.getByTestId('import-skip-invalid').textContent()).toContain('导入其余 1 道')
    await d.getByTestId('import-file').setInputFiles(good)
    await expect.poll(() => d.getByTestId('import-preview').textContent()).toContain('导入的填空')
    // The preview names the type, not its dictionary number.
    expect(await d.getByTestId('import-preview').locator('tbody td').first().textContent()).toBe('填空题')
    await d.getByTestId('import-run').click()
    await expect.poll(() => page.getByText('已导入 1 道题').count()).toBeGreaterThan(0)
    await expect.poll(() => rows().filter({ hasText: '导入的填空' }).count()).toBe(1)
  })

  it("a Moodle file's report reads on a 375 px phone: each refused question's line, name and reason in view", async () => {
    const xml = join(tmpdir(), `bank-moodle-${process.pid}.xml`)
    writeFileSync(
      xml,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<quiz>',
        '<question type="multichoice"><name><text>Grade 33</text></name><questiontext format="html"><text>Pick</text></questiontext><single>false</single>',
        '<answer fraction="33"><text>TCP</text></answer><answer fraction="33"><text>UDP</text></answer><answer fraction="34"><text>SCTP</text></answer></question>',
        '<question type="ddwtos"><name><text>Drag words</text></name><questiontext format="html"><text>The [[1]]</text></questiontext></question>',
        '<question type="truefalse"><name><text>Ping</text></name><questiontext format="html"><text>Ping uses ICMP.</text></questiontext>',
        '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>',
        '</quiz>',
      ].join('\n'),
    )
    await page.setViewportSize({ width: 375, height: 812 })
    try {
      await page.goto(`${s.app.url}/exam/question`)
      await page.getByTestId('question-import').click()
      const d = page.getByTestId('import-dialog')
      await d.getByTestId('import-file').setInputFiles(xml)
      const refused = d.getByTestId('import-errors').locator('tbody tr')
      await expect.poll(() => refused.count()).toBe(2)
      // The fixed columns once left the reason no width: each row stood as tall as its reason spelt a letter a
      // line, its line and name out of sight in the middle.
      const row = (await refused.first().boundingBox())!
      const [line, , , reason] = await Promise.all(
        [0, 1, 2, 3].map(async (i) => (await refused.first().locator('td').nth(i).boundingBox())!),
      )
      expect(reason.width).toBeGreaterThan(150)
      expect(row.height).toBeLessThan(200)
      expect(line.y - row.y).toBeLessThan(20)
      expect(await refused.first().textContent()).toContain('Grade 33')
      expect(await d.getByTestId('import-preview').textContent()).toContain('判断题')
      await d.getByRole('button', { name: '取消' }).click()
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 })
    }
  })

  it('opens the demo exam statistics (charts) and the team members', async () => {
    await page.goto(`${s.app.url}/exam/paperTime`)
    await expect.poll(() => rows().filter({ hasText: '网络基础期中考试' }).count()).toBe(1)
    await rows().filter({ hasText: '网络基础期中考试' }).getByTestId('row-stats').click()
    await expect.poll(() => page.getByTestId('chart-distribution').locator('canvas').count()).toBe(1)
    await page.keyboard.press('Escape')
    await page.goto(`${s.app.url}/exam/team`)
    await page.getByTestId('row-members').first().click()
    await expect.poll(() => page.getByTestId('members-dialog').textContent()).toContain('student')
  })
})
