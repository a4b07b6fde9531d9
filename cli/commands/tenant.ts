import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { createTenant, tenantResource } from '../../server/modules/system/tenant.ts'
import { tenant as tenantTable } from '../../db/schema/index.ts'
import { ApiError } from '../../server/lib/errors.ts'
import { first } from '../../server/lib/rows.ts'
import { tenantRows } from '../../server/lib/tenant-rows.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { Table } from '../views/Table.tsx'
import { ProgressBar } from '../views/ProgressBar.tsx'

interface CreateOptions {
  name: string
  id?: string
  domain?: string
  adminAccount?: string
  adminPassword?: string
  accounts?: string
  expire?: string
  package?: string
  json?: boolean
}

interface LicenceOptions {
  accounts?: string
  expire?: string
  assistantQuota?: string
  json?: boolean
}

export function tenantCommands(program: Command) {
  const tenant = program.command('tenant').description('Tenants (schools) / 租户（学校）')
  tenant
    .command('create')
    .description('Create a tenant with its roles, root department and administrator / 创建租户')
    .requiredOption('--name <name>', 'tenant name / 租户名称')
    .option('--id <tenantId>', '6-digit tenant id (generated when omitted)')
    .option('--domain <domain>', 'host name that selects this tenant at sign-in')
    .option('--admin-account <account>', 'administrator account', 'admin')
    .option('--admin-password <password>', 'administrator password', 'admin')
    .option('--accounts <n>', 'account limit (-1 = unlimited)')
    .option('--expire <datetime>', 'expiry, yyyy-MM-dd HH:mm:ss')
    .option('--package <packageId>', 'tenant package id')
    .option('--json', 'machine-readable output')
    .action(async (o: CreateOptions) => {
      // Provisioning hashes a password and writes a few hundred rows: a bar shows where it is.
      const bar = o.json ? undefined : render(React.createElement(ProgressBar, { value: 0.1, label: say('stepCheck') }))
      try {
        const created = await withSystem('000000', async (ctx) => {
          bar?.rerender(React.createElement(ProgressBar, { value: 0.4, label: say('stepTenant') }))
          return createTenant(ctx, {
            tenantName: o.name,
            tenantId: o.id,
            domain: o.domain,
            adminAccount: o.adminAccount,
            adminPassword: o.adminPassword,
            accountNumber: o.accounts === undefined ? undefined : Number(o.accounts),
            expireTime: o.expire,
            packageId: o.package,
          })
        })
        bar?.rerender(React.createElement(ProgressBar, { value: 1, label: say('stepDone') }))
        bar?.unmount()
        await done(
          !!o.json,
          created,
          say('tenantCreated', {
            tenantId: created.tenantId as string,
            tenantName: created.tenantName as string,
            admin: created.adminAccount as string,
          }),
        )
      } catch (e) {
        bar?.unmount()
        fail(!!o.json, e)
      }
    })
  tenant
    .command('licence')
    .description("A tenant's licence: accounts, expiry, study assistant questions a day / 租户授权配置")
    .argument('<tenantId>')
    .option('--accounts <n>', 'account limit (-1 = unlimited)')
    .option('--expire <datetime>', 'expiry, yyyy-MM-dd HH:mm:ss ("none" = never)')
    .option('--assistant-quota <n>', 'study assistant questions a day ("default" = the platform default, 0 = none)')
    .option('--json', 'machine-readable output')
    .action(async (tenantId: string, o: LicenceOptions) => {
      try {
        const row = await withSystem('000000', async (ctx) => {
          const current = await first(
            ctx.db
              .select()
              .from(tenantTable)
              .where(tenantRows(tenantTable, tenantId, { why: 'the platform sets any school’s licence' })),
          )
          if (!current) throw new ApiError(404, 'error.notFound')
          // The licence dialog's action sets every value: what an option leaves out keeps the tenant's own.
          // The action checks the values as the API does (a 400 naming the field).
          await tenantResource.ops.actions.setting(ctx, {
            ids: String(current.id),
            body: {
              accountNumber: o.accounts ?? current.accountNumber,
              expireTime: o.expire === undefined ? current.expireTime : o.expire === 'none' ? null : o.expire,
              ...(o.assistantQuota === undefined
                ? {}
                : { assistantQuota: o.assistantQuota === 'default' ? null : o.assistantQuota }),
            },
          })
          return tenantResource.ops.detail(ctx, String(current.id))
        })
        const licence = {
          tenantId,
          accountNumber: row.accountNumber,
          expireTime: row.expireTime ?? null,
          assistantQuota: row.assistantQuota ?? null,
        }
        await done(
          !!o.json,
          licence,
          say('tenantLicence', {
            tenantId,
            accounts: String(licence.accountNumber),
            expire: licence.expireTime ?? '—',
            quota: licence.assistantQuota === null ? say('platformDefault') : String(licence.assistantQuota),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  tenant
    .command('list')
    .description('List tenants / 租户列表')
    .option('--page <n>', 'page', '1')
    .option('--size <n>', 'page size', '50')
    .option('--json', 'machine-readable output')
    .action(async (o: { page: string; size: string; json?: boolean }) => {
      try {
        const page = await withSystem('000000', (ctx) =>
          tenantResource.ops.page(ctx, { current: o.page, size: o.size }),
        )
        await show(!!o.json, page, () =>
          React.createElement(Table, {
            columns: ['tenantId', 'tenantName', 'domain', 'accountNumber', 'expireTime', 'assistantQuota', 'status'],
            rows: page.records,
            footer: say('total', { total: page.total, current: page.current, pages: page.pages }),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
}
