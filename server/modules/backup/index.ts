import { Elysia, t } from 'elysia'
import { handWritten } from '../../lib/hand-written.ts'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import { paramResource } from '../system/param.ts'
import {
  BACKUP_PARAMS,
  backupSettings,
  backupsChanged,
  lastGoodBackup,
  listBackups,
  validKeep,
  validTime,
} from './schedule.ts'
import { backupAppliance, backupName, backupsDir } from './snapshot.ts'
import './messages.ts'
import { Type } from '@sinclair/typebox'
import { body as bodyOf, query as queryOf, text } from '../../lib/request-schema.ts'

/** Menu code of the backups screen; its buttons gate the writing verbs. */
export const BACKUP_CODE = 'system:backup'

const NAME = /^[\w.-]+\.tar\.gz$/

/** The nightly backup's settings, with the messages the handler gives (validTime, validKeep). */
const SettingsBody = bodyOf({
  time: t.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', error: 'backup.time', description: 'HH:mm' }),
  keep: Type.Integer({ minimum: 1, maximum: 365, error: 'backup.keep', description: 'archives kept' }),
})

/**
 * Backups of the whole appliance, for the platform administrator only: they
 * hold every tenant's data and the appliance's secrets, so a tenant
 * administrator holding the menu code is still refused.
 */
export const backupModule = (services: Services) => {
  const platformOnly = async (ctx: Ctx) => {
    if (!(await isAdministrator(ctx))) throw forbidden()
  }
  const archive = (name: unknown) => {
    if (typeof name !== 'string' || !NAME.test(name)) throw badRequest('backup.name', {}, 'name')
    const file = join(backupsDir(services.config), name)
    if (!existsSync(file)) throw new ApiError(404, 'backup.notFound', { name })
    return file
  }
  return handWritten(
    'archives of the whole data directory: files streamed to and from disk, no table row to declare',
    new Elysia({ prefix: '/api/blade-backup/backup' })
      .use(authContext(services))
      .get(
        '/list',
        async ({ ctx }) => {
          await platformOnly(ctx)
          return ok(ctx, listBackups(services.config))
        },
        { perm: BACKUP_CODE, query: queryOf() },
      )
      .post(
        '/create',
        async ({ ctx }) => {
          await platformOnly(ctx)
          const name = backupName('manual')
          await backupAppliance(services.config, join(backupsDir(services.config), name), { trigger: 'manual' })
          backupsChanged()
          return ok(
            ctx,
            listBackups(services.config).find((b) => b.name === name),
          )
        },
        { perm: `${BACKUP_CODE}:add`, query: queryOf() },
      )
      .get(
        '/download',
        async ({ ctx, query, set }) => {
          await platformOnly(ctx)
          const file = archive(query.name)
          set.headers['content-type'] = 'application/gzip'
          set.headers['content-disposition'] = `attachment; filename="${query.name}"`
          set.headers['x-content-type-options'] = 'nosniff'
          return Bun.file(file)
        },
        { perm: `${BACKUP_CODE}:download`, query: queryOf({ name: text('archive name (….tar.gz)') }) },
      )
      .get(
        '/settings',
        async ({ ctx }) => {
          await platformOnly(ctx)
          return ok(ctx, { ...(await backupSettings(services)), lastBackup: lastGoodBackup(services.config) })
        },
        { perm: BACKUP_CODE, query: queryOf() },
      )
      .post(
        '/settings',
        async ({ ctx, body }) => {
          await platformOnly(ctx)
          const { time, keep } = body ?? {}
          if (!validTime(time)) throw badRequest('backup.time', {}, 'time')
          if (!validKeep(keep)) throw badRequest('backup.keep', {}, 'keep')
          // Kept as ordinary platform parameters (audited like any other), so the parameters screen shows them too.
          const existing = await paramResource.ops.all(ctx, { paramKey: 'backup.' })
          for (const [key, value, name] of [
            [BACKUP_PARAMS.time, time, '每日备份时间（HH:mm）'],
            [BACKUP_PARAMS.keep, String(keep), '每日备份保留份数'],
          ]) {
            const row = existing.find((r) => r.paramKey === key)
            await paramResource.ops.submit(ctx, {
              ...(row ? { id: row.id } : {}),
              paramName: name,
              paramKey: key,
              paramValue: value,
            })
          }
          return ok(ctx, await backupSettings(services), 'ok.updated')
        },
        { perm: `${BACKUP_CODE}:edit`, body: SettingsBody },
      )
      .post(
        '/remove',
        async ({ ctx, query }) => {
          await platformOnly(ctx)
          const names = String(query.names ?? '')
            .split(',')
            .filter(Boolean)
          if (!names.length) throw badRequest('backup.name', {}, 'names')
          const files = names.map(archive)
          for (const f of files) {
            rmSync(f, { force: true })
            rmSync(`${f}.json`, { force: true })
          }
          backupsChanged()
          return ok(ctx, null, 'ok.deleted')
        },
        { perm: `${BACKUP_CODE}:delete`, query: queryOf({ names: text('comma-separated archive names') }) },
      ),
  )
}
