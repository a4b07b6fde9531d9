import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { zipSync } from 'fflate'
import { question } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'
import { SHEET_COLUMNS } from './question-sheet.ts'

const Q = '/api/hm-question/question'

describe('question-bank spreadsheets: bombs refused before inflating, formulas exported as text', async () => {
  const t = await testApp()

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
    return (await res.json()) as any
  }
  const sheet = async (rows: unknown[][]) => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('q')
    for (const r of rows) ws.addRow(r)
    return new Uint8Array(await wb.xlsx.writeBuffer())
  }

  it('refuses an XLSX whose central directory declares a bomb (ratio, total size) without inflating it', async () => {
    const teacher = await t.token('teacher')
    // 20 MB of zeros deflate to about 20 KB: the shape of the 150 KB file that grew the server by 554 MB.
    const ratioBomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 })
    expect(ratioBomb.length).toBeLessThan(100 * 1024)
    const r1 = await upload(teacher, 'bomb.xlsx', ratioBomb)
    expect(r1.data.errors).toEqual([
      {
        line: 1,
        reason: expect.stringMatching(
          /^the XLSX entry xl\/worksheets\/sheet1\.xml is compressed \d+:1 \(at most 200:1\)/,
        ),
      },
    ])
    // Many parts each small enough to be let through alone, too big together.
    const one = new Uint8Array(1024 * 1024)
    const parts = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`xl/media/p${i}.bin`, one]))
    const r2 = await upload(teacher, 'wide.xlsx', zipSync(parts, { level: 9 }))
    expect(r2.data.errors).toEqual([
      { line: 1, reason: 'the XLSX file would inflate to more than 64 MB; it is not read' },
    ])
  })

  it('caps rows and cells while streaming the sheet', async () => {
    const teacher = await t.token('teacher')
    const header = [...SHEET_COLUMNS]
    const rows = Array.from({ length: 5001 }, (_, i) => [
      '4',
      '1',
      '1',
      `q${i} ____`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'x',
    ])
    const tooMany = await upload(teacher, 'many.xlsx', await sheet([header, ...rows]), { dryRun: '1' })
    expect(tooMany.data.errors).toEqual([{ line: 1, reason: 'at most 5000 questions per import' }])
    const wide = await upload(teacher, 'wide.xlsx', await sheet([header, [...rows[0], ...Array(80).fill('w')]]), {
      dryRun: '1',
    })
    expect(wide.data.errors).toEqual([{ line: 2, reason: 'a sheet row may have at most 64 cells' }])
    // The same cap for CSV: 5,001 rows are refused, not parsed to the end.
    const csv = Papa.unparse({ fields: header, data: rows })
    expect((await upload(teacher, 'many.csv', csv, { dryRun: '1' })).data.errors).toEqual([
      { line: 1, reason: 'at most 5000 questions per import' },
    ])
  })

  it('exports =, +, -, @ cells with a leading apostrophe in CSV and XLSX, and reads them back as written', async () => {
    const teacher = await t.token('teacher')
    const content = '=HYPERLINK("http://evil.example","click")'
    const created = await t.post(`${Q}/submit`, teacher, {
      type: 1,
      hard: 1,
      score: 1,
      content,
      title: '@SUM(1+1)',
      options: [
        { content: '-2+3', isCorrect: true },
        { content: '+1', isCorrect: false },
      ],
      blanks: [],
    })
    expect(created.body.code).toBe(200)
    const id = (await first(
      t.services.db
        .select({ id: question.id })
        .from(question)
        .where(and(eq(question.tenantId, '000000'), eq(question.content, content))),
    ))!.id
    const get = async (format: string) =>
      new Uint8Array(
        await (
          await t.app.handle(
            new Request(`http://localhost${Q}/export?format=${format}&ids=${id}`, {
              headers: { 'blade-auth': `bearer ${teacher}` },
            }),
          )
        ).arrayBuffer(),
      )
    const csv = new TextDecoder().decode(await get('csv'))
    const row = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true }).data[0]
    expect([row.content, row.title, row.A, row.B]).toEqual([`'${content}`, "'@SUM(1+1)", "'-2+3", "'+1"])
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await get('xlsx')).buffer as ArrayBuffer)
    const cells = wb.worksheets[0].getRow(2).values as unknown[]
    expect(cells[SHEET_COLUMNS.indexOf('content') + 1]).toBe(`'${content}`)

    for (const [name, bytes] of [
      ['back.csv', csv],
      ['back.xlsx', await get('xlsx')],
    ] as const) {
      const r = await upload(teacher, name, bytes, { dryRun: '1' })
      expect(r.data.errors, name).toEqual([])
      expect(r.data.preview[0], name).toMatchObject({
        content: '=HYPERLINK("http://evil.example","click")',
        title: '@SUM(1+1)',
        options: [{ content: '-2+3' }, { content: '+1' }],
      })
    }
  })
})
