import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { tenant } from '../../db/schema/index.ts'
import type { Ctx } from '../../server/lib/context.ts'
import { readFileSync, writeFileSync } from 'node:fs'
import { formatOf } from '../../server/modules/exam/question-formats.ts'
import { checkFormat, exportQuestions, importQuestions } from '../../server/modules/exam/question-import.ts'
import { filesOf } from '../../server/modules/resource/files.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { ProgressBar } from '../views/ProgressBar.tsx'
import { Table } from '../views/Table.tsx'
import { tenantRows } from '../../server/lib/tenant-rows.ts'
import { first } from '../../server/lib/rows.ts'

const tenantOption = ['--tenant <tenantId>', 'tenant id / 租户编号', '000000'] as const

/** The CLI acts as the system for any tenant id it is given: a bank must not land in a tenant that does not exist. */
async function liveTenant(ctx: Ctx) {
  const row = await first(
    ctx.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(tenantRows(tenant, ctx.actor.tenantId, { why: 'whether the school named on the command line exists' })),
  )
  if (!row) throw new Error(say('unknownTenant', { tenantId: ctx.actor.tenantId }))
}

/** `atrium questions import|export`: the bank file formats of the back office, on the same operations. */
export function questionCommands(program: Command) {
  const cmd = program.command('questions').description('Question bank / 题库')
  cmd
    .command('import')
    .argument('<file>', 'JSON, CSV, XLSX or Moodle XML (.xml)')
    .description('Import a question bank file / 导入题库（默认任一题有误则全部不导入）')
    .option(...tenantOption)
    .option('--format <format>', 'json | csv | xlsx | moodle (default: from the file extension)')
    .option('--dry-run', 'check every row, store nothing')
    .option('--skip-invalid', 'store the valid questions and leave the refused ones out / 只导入无误的题目')
    .option('--json', 'machine-readable output')
    .action(
      async (
        file: string,
        o: { tenant: string; format?: string; dryRun?: boolean; skipInvalid?: boolean; json?: boolean },
      ) => {
        const bar = o.json ? undefined : render(React.createElement(ProgressBar, { value: 0, label: say('importing') }))
        try {
          const format = checkFormat(o.format ?? formatOf(file))
          const bytes = new Uint8Array(readFileSync(file))
          let shown = -1
          const report = await withSystem(
            o.tenant,
            async (ctx, services) => (
              await liveTenant(ctx),
              importQuestions(ctx, format, bytes, {
                dryRun: o.dryRun,
                skipInvalid: o.skipInvalid,
                files: filesOf(services),
                onProgress: (n, total) => {
                  // Re-render only when the visible percentage moves: a 5,000-row bank would flood the terminal.
                  const pct = Math.round((n / total) * 100)
                  if (pct === shown) return
                  shown = pct
                  bar?.rerender(React.createElement(ProgressBar, { value: n / total, label: say('importing') }))
                },
              })
            ),
          )
          bar?.unmount()
          const table = (rows: Record<string, unknown>[], columns: string[], footer: string) =>
            React.createElement(Table, { columns, rows, footer })
          if (report.notes.length && !o.json)
            await show(false, report, () =>
              table(
                report.notes.map((n) => ({ ...n })),
                ['line', 'question', 'category', 'note'],
                say('importConverted', { n: report.notes.length }),
              ),
            )
          if (report.errors.length && !report.imported) {
            const hint = report.valid && !o.dryRun ? ` — ${say('importSkipHint', { valid: report.valid })}` : ''
            await show(!!o.json, report, () =>
              table(
                report.errors.map((e) => ({ ...e })),
                ['line', 'question', 'category', 'field', 'reason'],
                say('importRejected', { n: report.errors.length, total: report.total }) + hint,
              ),
            )
            process.exitCode = 2
            return
          }
          const refused = report.errors.length
          await done(
            !!o.json,
            report,
            o.dryRun
              ? say('importChecked', { n: report.valid })
              : refused
                ? say('importSkipped', { n: report.imported, refused, tenantId: o.tenant })
                : say('imported', { n: report.imported, tenantId: o.tenant }),
          )
        } catch (e) {
          bar?.unmount()
          fail(
            !!o.json,
            e instanceof Error && 'code' in e && e.code === 'ENOENT' ? new Error(say('noFile', { file })) : e,
          )
        }
      },
    )
  cmd
    .command('export')
    .argument('<file>', 'file to write; the format follows its extension')
    .description('Export the question bank / 导出题库')
    .option(...tenantOption)
    .option('--format <format>', 'json | csv | xlsx | moodle')
    .option('--json', 'machine-readable output')
    .action(async (file: string, o: { tenant: string; format?: string; json?: boolean }) => {
      try {
        const format = checkFormat(o.format ?? formatOf(file))
        const bytes = await withSystem(o.tenant, async (ctx) => (await liveTenant(ctx), exportQuestions(ctx, format)))
        writeFileSync(file, bytes)
        await done(!!o.json, { file, format, bytes: bytes.length }, say('exported', { file }))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
}
