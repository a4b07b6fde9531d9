import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { and, eq } from 'drizzle-orm'
import { otaTask, product } from '../../db/schema/index.ts'
import type { Ctx, Services } from '../../server/lib/context.ts'
import { deviceResource } from '../../server/modules/iot/device.ts'
import { productOtaResource } from '../../server/modules/iot/ota.ts'
import { cancelRollout, pauseRollout, resumeRollout, startRollout } from '../../server/modules/iot/ota-rollout.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { ProgressBar } from '../views/ProgressBar.tsx'
import { Table } from '../views/Table.tsx'
import { tenantRows } from '../../server/lib/tenant-rows.ts'
import { first } from '../../server/lib/rows.ts'
import { productResource } from '../../server/modules/iot/product.ts'

const tenantOption = ['--tenant <tenantId>', 'tenant id / 租户编号', '000000'] as const
const FINAL = new Set(['done', 'stopped', 'cancelled', 'draft'])

/** A release's phase and its tasks counted per state. */
async function statusOf(ctx: Ctx, id: string) {
  const ota = await productOtaResource.ops.detail(ctx, id)
  const rows = await ctx.db
    .select({ state: otaTask.state })
    .from(otaTask)
    .where(
      and(eq(otaTask.otaId, ota.id), tenantRows(otaTask, ota.tenantId, { why: 'the tasks of a release read above' })),
    )
  const counts: Record<string, number> = {}
  for (const r of rows) counts[r.state] = (counts[r.state] ?? 0) + 1
  return { id: ota.id, firmVersion: ota.firmVersion, phase: ota.phase, total: rows.length, counts }
}

const finished = (s: Awaited<ReturnType<typeof statusOf>>) =>
  (s.counts.success ?? 0) + (s.counts.failed ?? 0) + (s.counts.cancelled ?? 0)

export function iotCommands(program: Command) {
  const device = program.command('device').description('IoT devices / 物联网设备')
  device
    .command('list')
    .description('Devices with their online status / 设备列表')
    .option(...tenantOption)
    .option('--product <productKey>', 'only this product')
    .option('--page <n>', 'page', '1')
    .option('--size <n>', 'page size', '50')
    .option('--json', 'machine-readable output')
    .action(async (o: { tenant: string; product?: string; page: string; size: string; json?: boolean }) => {
      try {
        const page = await withSystem(o.tenant, async (ctx) => {
          const p = o.product
            ? await first(
                ctx.db
                  .select({ id: product.id })
                  .from(product)
                  .where(and(eq(product.productKey, o.product), await productResource.scope(ctx))),
              )
            : undefined
          if (o.product && !p) throw new Error(say('unknownProduct', { key: o.product }))
          return deviceResource.ops.page(ctx, { current: o.page, size: o.size, ...(p ? { productId: p.id } : {}) })
        })
        const rows = page.records.map((d) => ({
          name: d.name,
          sn: d.sn,
          status: d.status === 1 ? say('online') : say('offline'),
          firmVersion: d.firmVersion ?? '',
          activeTime: d.activeTime ?? '',
        }))
        await show(!!o.json, page, () =>
          React.createElement(Table, {
            columns: ['name', 'sn', 'status', 'firmVersion', 'activeTime'],
            rows,
            footer: say('total', { total: page.total, current: page.current, pages: page.pages }),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })

  const ota = program.command('ota').description('Firmware releases and their rollouts / 固件升级')
  ota
    .command('list')
    .description('Releases / 固件列表')
    .option(...tenantOption)
    .option('--json', 'machine-readable output')
    .action(async (o: { tenant: string; json?: boolean }) => {
      try {
        const page = await withSystem(o.tenant, (ctx) =>
          productOtaResource.ops.page(ctx, { current: '1', size: '100' }),
        )
        await show(!!o.json, page, () =>
          React.createElement(Table, {
            columns: ['id', 'firmVersion', 'status', 'phase', 'createTime'],
            rows: page.records,
            footer: say('total', { total: page.total, current: page.current, pages: page.pages }),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  ota
    .command('status')
    .description("A rollout's progress; --watch follows it until it ends / 升级进度")
    .argument('<id>')
    .option(...tenantOption)
    .option('--watch', 'follow the rollout with a progress bar until it is done, stopped or cancelled')
    .option('--json', 'machine-readable output (with --watch: one line per change)')
    .action(async (id: string, o: { tenant: string; watch?: boolean; json?: boolean }) => {
      try {
        await withSystem(o.tenant, async (ctx) => {
          let s = await statusOf(ctx, id)
          if (!o.watch)
            return show(!!o.json, s, () =>
              React.createElement(ProgressBar, { value: s.total ? finished(s) / s.total : 0, label: line(s) }),
            )
          const bar = o.json ? null : render(React.createElement(ProgressBar, { value: 0, label: line(s) }))
          let last = ''
          for (;;) {
            const now = JSON.stringify(s)
            if (now !== last) {
              last = now
              if (o.json) process.stdout.write(`${now}\n`)
              else
                bar!.rerender(
                  React.createElement(ProgressBar, { value: s.total ? finished(s) / s.total : 0, label: line(s) }),
                )
            }
            if (FINAL.has(s.phase) && (s.phase !== 'draft' || !s.total)) break
            await new Promise((r) => setTimeout(r, 1000))
            s = await statusOf(ctx, id)
          }
          bar?.unmount()
        })
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  const verbs: [
    string,
    string,
    (s: Services, ctx: Ctx, row: Awaited<ReturnType<typeof productOtaResource.ops.detail>>) => Promise<object>,
  ][] = [
    ['start', 'Start a draft release (the running server tells the devices) / 发布', startRollout],
    ['pause', 'Pause a rollout / 暂停', pauseRollout],
    ['resume', 'Resume a paused or stopped rollout / 继续', resumeRollout],
    ['cancel', 'Cancel a rollout / 取消', cancelRollout],
  ]
  for (const [verb, description, run] of verbs) {
    ota
      .command(verb)
      .description(description)
      .argument('<id>')
      .option(...tenantOption)
      .option('--json', 'machine-readable output')
      .action(async (id: string, o: { tenant: string; json?: boolean }) => {
        try {
          const r = await withSystem(o.tenant, async (ctx, services) =>
            run(services, ctx, await productOtaResource.ops.detail(ctx, id)),
          )
          await done(
            !!o.json,
            { id, ...r },
            say('otaChanged', { id, phase: String((r as { phase?: string }).phase ?? '') }),
          )
        } catch (e) {
          fail(!!o.json, e)
        }
      })
  }
}

/** "grey · success 3 · failed 1 · 4/10" */
function line(s: Awaited<ReturnType<typeof statusOf>>) {
  const parts = Object.entries(s.counts).map(([k, n]) => `${k} ${n}`)
  return `${s.firmVersion} · ${s.phase}${parts.length ? ` · ${parts.join(' · ')}` : ''} · ${finished(s)}/${s.total}`
}
