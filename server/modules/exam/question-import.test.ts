import { describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { question } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const Q = '/api/hm-question/question'

describe('question bank import and export', async () => {
  const t = await testApp()
  const bankSize = async () =>
    (await first(
      t.services.db
        .select({ n: count() })
        .from(question)
        .where(and(eq(question.tenantId, '000000'), eq(question.isDeleted, 0))),
    ))!.n

  /** Uploads a file the way the back office does (multipart). */
  async function upload(token: string, name: string, bytes: Uint8Array | string, extra: Record<string, string> = {}) {
    const form = new FormData()
    form.append('file', new File([bytes as BlobPart], name))
    for (const [k, v] of Object.entries(extra)) form.append(k, v)
    const res = await t.app.handle(
      new Request(`http://localhost${Q}/import`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en' },
        body: form,
      }),
    )
    return { status: res.status, body: (await res.json()) as any }
  }
  async function exported(token: string, format: string, ids?: string[]) {
    const url = new URL(`http://localhost${Q}/export`)
    url.searchParams.set('format', format)
    if (ids) url.searchParams.set('ids', ids.join(','))
    const res = await t.app.handle(new Request(url, { headers: { 'blade-auth': `bearer ${token}` } }))
    expect(res.status).toBe(200)
    return new Uint8Array(await res.arrayBuffer())
  }
  const liveIds = async () =>
    new Set(
      (
        await t.services.db
          .select({ id: question.id })
          .from(question)
          .where(and(eq(question.tenantId, '000000'), eq(question.isDeleted, 0)))
      ).map((r) => r.id),
    )
  const idsAfter = async (before: Set<string>) => [...(await liveIds())].filter((id) => !before.has(id))

  it('imports our JSON layout, previews a dry run without storing, and refuses a file with one bad row entirely, naming every bad line', async () => {
    const teacher = await t.token('teacher')
    const good = {
      format: 'atrium-questions',
      version: 1,
      questions: [
        {
          type: 1,
          content: '<p>2+2?</p>',
          hard: 1,
          score: 2,
          options: [
            { content: '3', isCorrect: false },
            { content: '4', isCorrect: true },
          ],
          analysis: 'count',
        },
        { type: 4, content: 'HTTP default port ____', blanks: [['80']] },
      ],
    }
    const before = await bankSize()
    const dry = await upload(teacher, 'bank.json', JSON.stringify(good), { dryRun: '1' })
    expect(dry.body.data).toMatchObject({ format: 'json', total: 2, imported: 0, dryRun: true, errors: [] })
    expect(dry.body.data.preview[0]).toMatchObject({ type: 1, content: '<p>2+2?</p>', answer: 'B' })
    expect(await bankSize()).toBe(before)

    const bad = {
      questions: [
        good.questions[0],
        {
          type: 1,
          content: 'two right',
          options: [
            { content: 'a', isCorrect: true },
            { content: 'b', isCorrect: true },
          ],
        },
        'not a question',
        { type: 7, content: 'x' },
      ],
    }
    const refused = await upload(teacher, 'bank.json', JSON.stringify(bad))
    expect(refused.status).toBe(200)
    expect(refused.body.data.imported).toBe(0)
    expect(refused.body.data.errors).toEqual([
      { line: 2, field: 'options', reason: 'a single-choice question needs exactly one correct option' },
      { line: 3, reason: 'this item is not a question object' },
      { line: 4, field: 'type', reason: expect.stringContaining('please choose the question type') },
    ])
    expect(await bankSize()).toBe(before)

    const done = await upload(teacher, 'bank.json', JSON.stringify(good))
    expect(done.body.data).toMatchObject({ imported: 2, errors: [] })
    expect(await bankSize()).toBe(before + 2)
    expect((await upload(teacher, 'bank.txt', 'x')).body).toMatchObject({ code: 400, field: 'format' })
    expect((await upload(await t.token('student'), 'bank.json', JSON.stringify(good))).status).toBe(403)
  })

  it('reads CSV and XLSX sheets: letters for the correct options, 正确/错误, blanks with | alternatives; a bad row is named by its sheet line', async () => {
    const teacher = await t.token('teacher')
    const header = 'type,hard,score,content,A,B,C,D,E,F,G,H,correct,blanks,answer,analysis,title,courseName,bankType'
    const csv = [
      header,
      '单选题,1,2,TCP is,a protocol,a cable,,,,,,,A,,,,,,网络',
      '2,2,4,Primes,2,3,4,,,,,,"A,B",,,,,,',
      '判断题,1,1,The sky is blue,,,,,,,,,正确,,,,,,',
      '填空,1,2,Capital of Italy ____,,,,,,,,,,Rome|Roma,,,,,',
      '简答,3,10,Explain TCP,,,,,,,,,,,handshake,,,,',
    ].join('\n')
    const before = await liveIds()
    const r = await upload(teacher, 'bank.csv', csv)
    expect(r.body.data).toMatchObject({ format: 'csv', total: 5, imported: 5, errors: [] })
    const added = await idsAfter(before)
    const details = await Promise.all(added.map(async (id) => (await t.get(`${Q}/detail`, teacher, { id })).body.data))
    const byType = (n: number) => details.find((d) => d.type === n)
    expect(byType(1)).toMatchObject({ bankType: '网络', score: 2, answer: 'A' })
    expect(byType(2).options.map((o: any) => o.isCorrect)).toEqual([1, 1, 0])
    expect(byType(3).options.map((o: any) => [o.content, o.isCorrect])).toEqual([
      ['正确', 1],
      ['错误', 0],
    ])
    expect(byType(4).blanks).toEqual([['Rome', 'Roma']])
    expect(byType(5)).toMatchObject({ answer: 'handshake', hard: 3 })

    // XLSX: a sheet with a bad third row (fill-in without blanks) imports nothing.
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('q')
    ws.addRow(header.split(','))
    ws.addRow(['1', '1', '1', 'ok', 'x', 'y', '', '', '', '', '', '', 'B'])
    ws.addRow(['4', '1', '1', 'no blanks'])
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer())
    const sizeBefore = await bankSize()
    const refused = await upload(teacher, 'bank.xlsx', xlsx)
    expect(refused.body.data.errors).toEqual([
      { line: 3, field: 'blanks', reason: expect.stringContaining('fill-in question needs at least one blank') },
    ])
    expect(await bankSize()).toBe(sizeBefore)
    expect((await upload(teacher, 'bank.csv', 'foo,bar\n1,2')).body.data.errors).toEqual([
      { line: 1, reason: 'missing header columns: type, content' },
    ])
  })

  it('reads Moodle XML: multichoice single/multiple, truefalse, shortanswer, numerical, essay, matching, cloze; an unknown type is reported on its line', async () => {
    const teacher = await t.token('teacher')
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Networks</text></category></question>
  <question type="multichoice">
    <name><text>mc1</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which is a transport protocol?</p>]]></text></questiontext>
    <generalfeedback format="html"><text>TCP is.</text></generalfeedback>
    <defaultgrade>2</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text>TCP</text></answer>
    <answer fraction="0" format="html"><text>HTML</text></answer>
  </question>
  <question type="multichoice">
    <name><text>mc2</text></name>
    <questiontext format="html"><text>Primes</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>2</text></answer>
    <answer fraction="50"><text>3</text></answer>
    <answer fraction="-100"><text>4</text></answer>
  </question>
  <question type="truefalse">
    <questiontext format="html"><text>UDP is connectionless</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <questiontext format="html"><text>Port of HTTPS?</text></questiontext>
    <answer fraction="100"><text>443</text></answer>
    <answer fraction="100"><text>four four three</text></answer>
    <answer fraction="0"><text>80</text></answer>
  </question>
  <question type="numerical">
    <questiontext format="html"><text>2*21</text></questiontext>
    <answer fraction="100"><text>42</text></answer>
  </question>
  <question type="essay">
    <questiontext format="html"><text>Explain routing</text></questiontext>
    <graderinfo format="html"><text>tables</text></graderinfo>
  </question>
  <question type="matching">
    <questiontext format="html"><text>Match</text></questiontext>
    <subquestion format="html"><text>France</text><answer><text>Paris</text></answer></subquestion>
    <subquestion format="html"><text>Italy</text><answer><text>Rome</text></answer></subquestion>
  </question>
  <question type="cloze">
    <questiontext format="html"><text>Capital of France {1:SHORTANSWER:=Paris~=paris} and Japan {1:SA:=Tokyo}</text></questiontext>
  </question>
  <question type="ddwtos">
    <questiontext format="html"><text>drag</text></questiontext>
  </question>
</quiz>`
    const dry = await upload(teacher, 'moodle.xml', xml, { dryRun: '1' })
    // The unsupported drag-and-drop type is reported on the line its <question> starts, not dropped.
    const ddLine = xml.split('\n').findIndex((l) => l.includes('type="ddwtos"')) + 1
    expect(dry.body.data.errors).toEqual([
      { line: ddLine, category: 'Networks', reason: 'unsupported Moodle question type: ddwtos' },
    ])
    expect(dry.body.data.total).toBe(9)
    const before = await liveIds()
    const xmlOk = xml.replace(/<question type="ddwtos">[\s\S]*?<\/question>/, '')
    const r = await upload(teacher, 'moodle.xml', xmlOk)
    expect(r.body.data).toMatchObject({ format: 'moodle', imported: 8, errors: [] })
    const rows = await Promise.all(
      (await idsAfter(before)).map(async (id) => (await t.get(`${Q}/detail`, teacher, { id })).body.data),
    )
    const find = (text: string) => rows.find((q) => q.content.includes(text))
    expect(find('transport')).toMatchObject({
      type: 1,
      score: 2,
      bankType: 'Networks',
      analysis: 'TCP is.',
      title: 'mc1',
    })
    expect(find('Primes')).toMatchObject({ type: 2, answer: 'A,B' })
    expect(find('UDP')).toMatchObject({ type: 3, answer: '正确' })
    expect(find('HTTPS').blanks).toEqual([['443', 'four four three']])
    expect(find('2*21')).toMatchObject({ type: 4, blanks: [['42']] })
    expect(find('routing')).toMatchObject({ type: 5, answer: 'tables' })
    expect(find('Match')).toMatchObject({ type: 4, blanks: [['Paris'], ['Rome']] })
    expect(find('Japan')).toMatchObject({ type: 4, blanks: [['Paris', 'paris'], ['Tokyo']] })
  })

  it('round-trips: exporting in every format and importing that file gives the same bank', async () => {
    const teacher = await t.token('teacher')
    const original = await liveIds()
    const reference = JSON.parse(new TextDecoder().decode(await exported(teacher, 'json', [...original]))).questions
    expect(reference.length).toBeGreaterThanOrEqual(10)
    for (const format of ['json', 'csv', 'xlsx', 'moodle']) {
      const file = await exported(teacher, format, [...original])
      const before = await liveIds()
      const r = await upload(teacher, `bank.${format === 'moodle' ? 'xml' : format}`, file)
      expect(r.body.data.errors, format).toEqual([])
      const again = JSON.parse(
        new TextDecoder().decode(await exported(teacher, 'json', await idsAfter(before))),
      ).questions
      // The sheets carry the columns of our layout only; JSON and Moodle XML carry every field they define.
      const keep =
        format === 'csv' || format === 'xlsx'
          ? ({ examCenter: _e, author: _a, experimentId: _x, ...q }: Record<string, unknown>) => q
          : format === 'moodle'
            ? ({
                examCenter: _e,
                author: _a,
                experimentId: _x,
                courseName: _c,
                hard: _h,
                ...q
              }: Record<string, unknown>) => q
            : (q: Record<string, unknown>) => q
      expect(again.map(keep), format).toEqual(reference.map(keep))
    }
  })
})
