import React from 'react'
import type { Command } from 'commander'
import { and, inArray } from 'drizzle-orm'
import { user } from '../../db/schema/index.ts'
import type { Ctx } from '../../server/lib/context.ts'
import { createUser } from '../../server/modules/system/user-create.ts'
import { userFilters, userResource, withNames } from '../../server/modules/system/user.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { Table } from '../views/Table.tsx'

const tenantOption = ['--tenant <tenantId>', 'tenant id / 租户编号', '000000'] as const

/** Account names → ids in one tenant; unknown names are an error naming them. */
async function idsOf(ctx: Ctx, accounts: string[]) {
  const rows = await ctx.db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(and(await userResource.scope(ctx), inArray(user.account, accounts)))

  const missing = accounts.filter((a) => !rows.some((r) => r.account === a))
  if (missing.length) throw new Error(say('unknownAccounts', { accounts: missing.join(', ') }))
  return rows.map((r) => r.id)
}

export function userCommands(program: Command) {
  const cmd = program.command('user').description('Accounts / 账号')
  cmd
    .command('create')
    .description('Create an account / 创建账号')
    .requiredOption('--account <account>', 'sign-in account / 登录账号')
    .option('--password <password>', 'password (the tenant initial password when omitted)')
    .option(...tenantOption)
    .option('--name <realName>', 'real name / 姓名')
    .option('--role <aliases>', 'comma-separated role aliases, e.g. teacher,student', 'student')
    .option('--dept <deptId>', 'department id')
    .option('--email <email>')
    .option('--phone <phone>')
    .option('--json', 'machine-readable output')
    .action(
      async (o: {
        account: string
        password?: string
        tenant: string
        name?: string
        role: string
        dept?: string
        email?: string
        phone?: string
        json?: boolean
      }) => {
        try {
          const created = await withSystem(o.tenant, (ctx) =>
            createUser(ctx, {
              account: o.account,
              password: o.password,
              realName: o.name,
              roleAliases: o.role.split(',').filter(Boolean),
              deptId: o.dept,
              email: o.email,
              phone: o.phone,
            }),
          )
          await done(!!o.json, created, say('userCreated', { account: o.account, tenantId: o.tenant }))
        } catch (e) {
          fail(!!o.json, e)
        }
      },
    )
  cmd
    .command('list')
    .description('List accounts / 账号列表')
    .option(...tenantOption)
    .option('--role <alias>', 'only this role')
    .option('--page <n>', 'page', '1')
    .option('--size <n>', 'page size', '50')
    .option('--json', 'machine-readable output')
    .action(async (o: { tenant: string; role?: string; page: string; size: string; json?: boolean }) => {
      try {
        const page = await withSystem(o.tenant, async (ctx) => {
          const p = await userResource.ops.page(
            ctx,
            { current: o.page, size: o.size },
            await userFilters(ctx, { roleName: o.role }),
          )
          return { ...p, records: await withNames(ctx, p.records) }
        })
        await show(!!o.json, page, () =>
          React.createElement(Table, {
            columns: ['account', 'realName', 'roleName', 'deptName', 'status', 'locked'],
            rows: page.records,
            footer: say('total', { total: page.total, current: page.current, pages: page.pages }),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  cmd
    .command('reset-password')
    .description('Reset accounts to the tenant initial password / 重置密码')
    .argument('<accounts...>')
    .option(...tenantOption)
    .option('--json', 'machine-readable output')
    .action(async (accounts: string[], o: { tenant: string; json?: boolean }) => {
      try {
        const n = await withSystem(o.tenant, async (ctx) =>
          userResource.ops.actions['reset-password'](ctx, { ids: await idsOf(ctx, accounts) }),
        )
        await done(!!o.json, { reset: n, accounts }, say('passwordsReset', { n }))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  cmd
    .command('unlock')
    .description('Unlock accounts locked by failed sign-ins / 解锁账号')
    .argument('<accounts...>')
    .option(...tenantOption)
    .option('--json', 'machine-readable output')
    .action(async (accounts: string[], o: { tenant: string; json?: boolean }) => {
      try {
        const n = await withSystem(o.tenant, async (ctx) =>
          userResource.ops.actions.unlock(ctx, { ids: await idsOf(ctx, accounts) }),
        )
        await done(!!o.json, { unlocked: n, accounts }, say('unlocked', { n }))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
}
