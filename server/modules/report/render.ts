/**
 * A report document as a file: PDF through pdfmake with Debian's Noto Sans CJK (fonts-noto-cjk), XLSX through
 * exceljs. pdfmake reads the .ttc collection directly when a font is named as [file, PostScript name]; it embeds
 * only the glyphs used (a one-page report is about 100 KB). It may read those two font files and nothing else: no
 * URL, no other local path, whatever a report's text says.
 */
import type { ReportDocument } from './report-document.ts'
import { loadExcel, loadPdfmake } from '../../lib/lazy-libs.ts'

const FONT_DIR = '/usr/share/fonts/opentype/noto'
const REGULAR = `${FONT_DIR}/NotoSansCJK-Regular.ttc`
const BOLD = `${FONT_DIR}/NotoSansCJK-Bold.ttc`

/** pdfmake, set up once on first use: no URLs, only the two font files, the CJK font named. */
let printer: Promise<Awaited<ReturnType<typeof loadPdfmake>>> | undefined
const pdfPrinter = () =>
  (printer ??= loadPdfmake().then((pdfmake) => {
    pdfmake.setUrlAccessPolicy(() => false)
    pdfmake.setLocalAccessPolicy((path) => path === REGULAR || path === BOLD)
    pdfmake.addFonts({ NotoSansSC: { normal: [REGULAR, 'NotoSansCJKsc-Regular'], bold: [BOLD, 'NotoSansCJKsc-Bold'] } })
    return pdfmake
  }))

export async function renderPdf(doc: ReportDocument): Promise<Uint8Array> {
  const content: object[] = [
    { text: doc.title, style: 'title' },
    ...doc.lines.map((text) => ({ text, margin: [0, 2, 0, 2] })),
  ]
  for (const table of doc.tables)
    content.push(
      { text: table.heading, style: 'heading' },
      {
        table: {
          headerRows: 1,
          widths: table.widths,
          body: [table.columns.map((text) => ({ text, bold: true })), ...table.rows.map((r) => r.map(String))],
        },
        layout: 'lightHorizontalLines',
      },
    )
  const pdf = (await pdfPrinter()).createPdf({
    info: { title: doc.title },
    pageSize: 'A4',
    defaultStyle: { font: 'NotoSansSC', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
    },
    content,
  })
  return new Uint8Array(await pdf.getBuffer())
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31)

export async function renderXlsx(doc: ReportDocument): Promise<Uint8Array> {
  const wb = new (await loadExcel()).Workbook()
  wb.title = doc.title
  for (const table of doc.tables) {
    const sheet = wb.addWorksheet(sheetName(table.heading))
    sheet.addRow([doc.title])
    for (const line of doc.lines) sheet.addRow([line])
    sheet.addRow([])
    sheet.addRow(table.columns).font = { bold: true }
    for (const row of table.rows) sheet.addRow(row)
  }
  return new Uint8Array(await wb.xlsx.writeBuffer())
}
