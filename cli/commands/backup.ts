import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { join, resolve } from 'node:path'
import { loadConfig } from '../../server/lib/config.ts'
import type { Progress } from '../../server/modules/backup/archive.ts'
import { restoreAppliance } from '../../server/modules/backup/restore.ts'
import { backupAppliance, backupName, backupsDir } from '../../server/modules/backup/snapshot.ts'
import { exportTenant, importTenant } from '../../server/modules/backup/tenant.ts'
import { done, fail } from '../output.ts'
import { say } from '../lang.ts'
import { ProgressBar } from '../views/ProgressBar.tsx'

/** A bar for people; nothing for --json. Answers the progress callback and a way to close the bar. */
function progressBar(json: boolean, label: string): { onProgress?: Progress; close(): void } {
  if (json) return { close: () => undefined }
  const bar = render(React.createElement(ProgressBar, { value: 0, label }))
  let shown = -1
  return {
    onProgress: (doneBytes, total) => {
      const value = total ? doneBytes / total : 1
      // Re-render only when the visible percentage moves: thousands of small files would otherwise flood the terminal.
      if (Math.round(value * 100) === shown) return
      shown = Math.round(value * 100)
      bar.rerender(React.createElement(ProgressBar, { value, label }))
    },
    close: () => bar.unmount(),
  }
}

const rowsIn = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0)

export function backupCommands(program: Command) {
  program
    .command('backup')
    .argument('[file]', 'archive to write (default: <data>/backups/backup-<time>.tar.gz)')
    .description('Back up the appliance while it serves, or one tenant with --tenant / 备份整机或单个租户')
    .option('--tenant <tenantId>', "export only this tenant's rows and files")
    .option('--json', 'machine-readable output')
    .action(async (file: string | undefined, o: { tenant?: string; json?: boolean }) => {
      const config = loadConfig()
      const out = resolve(file ?? join(backupsDir(config), backupName(o.tenant ? 'tenant' : 'backup')))
      const bar = progressBar(!!o.json, say('backingUp'))
      try {
        if (o.tenant) {
          const r = await exportTenant(config, o.tenant, out, bar.onProgress)
          bar.close()
          await done(
            !!o.json,
            { file: r.file, tenantId: r.tenantId, tables: r.tables, files: r.files },
            say('tenantExported', { tenantId: r.tenantId, rows: rowsIn(r.tables), files: r.files, file: out }),
          )
        } else {
          const m = await backupAppliance(config, out, { trigger: 'manual', onProgress: bar.onProgress })
          bar.close()
          await done(
            !!o.json,
            {
              file: out,
              createdAt: m.createdAt,
              appVersion: m.appVersion,
              migration: m.migration,
              files: m.files.length,
            },
            say('backupDone', { files: m.files.length, file: out }),
          )
        }
      } catch (e) {
        bar.close()
        fail(!!o.json, e)
      }
    })

  program
    .command('restore')
    .argument('<file>', 'archive made by atrium backup')
    .description('Restore a backup (verified first), or import a tenant export with --tenant / 恢复备份或导入租户')
    .option('--tenant [tenantId]', 'import a tenant export, optionally under another tenant id')
    .option('--json', 'machine-readable output')
    .action(async (file: string, o: { tenant?: string | boolean; json?: boolean }) => {
      const config = loadConfig()
      const bar = progressBar(!!o.json, say('restoring'))
      try {
        if (o.tenant !== undefined) {
          const r = await importTenant(
            config,
            resolve(file),
            typeof o.tenant === 'string' ? o.tenant : undefined,
            bar.onProgress,
          )
          bar.close()
          await done(
            !!o.json,
            r,
            say('tenantImported', { tenantId: r.tenantId, rows: rowsIn(r.tables), files: r.files }),
          )
        } else {
          const r = await restoreAppliance(config, resolve(file), bar.onProgress)
          bar.close()
          const restart = r.stoppedPids.length ? say('restartHint', { pid: r.stoppedPids.join(', ') }) : ''
          await done(
            !!o.json,
            r,
            say('restoreDone', { file: r.archive, createdAt: r.createdAt, previous: r.previous ?? '-', restart }),
          )
        }
      } catch (e) {
        bar.close()
        fail(!!o.json, e)
      }
    })
}
