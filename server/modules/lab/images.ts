import { imageFields } from '../../../db/fields/lab.ts'
import { Type } from '@sinclair/typebox'
import { and, eq, ne } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { experiment, labImage } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { changed, first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import type { Labs } from './engine/service.ts'
import { scope } from '../../lib/scope.ts'
import { untagImageArchive } from './engine/archive.ts'
import { checkEnvironment, importTarget, mayWriteImage, readLabPolicy, requireWritableRef } from './engine/policy.ts'
import { text } from '../../lib/request-schema.ts'
import { routeServices } from './route-services.ts'

const SERVICES = ['terminal', 'web']
const NETWORKS = ['none', 'isolated']

export const imageResource = defineResource({
  table: labImage,
  path: '/api/hm-images/images',
  code: 'lab:image',
  search: ['title', 'imageId'],
  filters: ['type', 'experimentType', 'buildState'],
  hidden: ['pwds'],
  fields: imageFields,
  // The experiment form's environment picker reads this list: whoever edits experiments may list the environments.
  read: { perm: { list: ['lab:experiment'] } },
  actions: {
    // The archive (a `docker save` tarball) arrives as a multipart file, handed on to the engine as a stream.
    import: {
      button: 'import',
      body: {
        file: Type.Optional(Type.Unknown({ description: 'the image archive (multipart)' })),
        id: text('image row to load into (a new row when left out)'),
        title: Type.Optional(Type.String({ maxLength: 100 })),
      },
      run: (ctx, { body, services }) => install(ctx, services, 'import', body),
    },
    // A Dockerfile folder arrives as a tar of the folder (the web packs the chosen folder; the CLI packs DIR).
    build: {
      button: 'build',
      body: {
        file: Type.Optional(Type.Unknown({ description: 'the folder as a tar (multipart)' })),
        imageId: Type.String({ description: 'the tag to build' }),
        id: text('image row to build into (a new row when left out)'),
        title: Type.Optional(Type.String({ maxLength: 100 })),
      },
      run: (ctx, { body, services }) => {
        if (!/^[a-z0-9][a-z0-9._\/:-]{0,199}$/.test(String(body.imageId)))
          throw badRequest('validation.invalid', { field: 'imageId' }, 'imageId')
        return install(ctx, services, 'build', body)
      },
    },
    // What the install dialog polls: the row's state and log, and whether the engine holds the image now.
    progress: {
      method: 'GET',
      button: 'lab:image',
      target: { one: 'id' },
      verb: 'detail',
      run: async (_ctx, { rows: [row], services }) => ({
        id: row.id,
        buildState: row.buildState,
        buildLog: row.buildLog,
        imageId: row.imageId,
        onEngine: await routeServices(services)
          .labs.host.imageExists(String(row.imageId))
          .catch(() => false),
      }),
    },
  },
  beforeWrite: async (ctx, w) => {
    const v = w.values
    if (w.op === 'remove') {
      const used = await first(
        ctx.db
          .select({ id: experiment.id })
          .from(experiment)
          .where(
            and(
              await scope(experiment, ctx, {
                dataScope: false,
                why: 'an image any experiment of the school uses stays, whoever may see that experiment',
              }),
              eq(experiment.imagesName, String(w.before[0]?.id)),
            ),
          ),
      )
      if (used) throw new ApiError(409, 'lab.imageInUse')
      return
    }
    if (v.imageId !== undefined && !/^[a-z0-9][a-z0-9._\/:@-]{0,199}$/.test(String(v.imageId)))
      throw badRequest('validation.invalid', { field: 'imageId' }, 'imageId')
    if (v.service !== undefined && !SERVICES.includes(String(v.service)))
      throw badRequest('validation.invalid', { field: 'service' }, 'service')
    if (v.securitys !== undefined && !NETWORKS.includes(String(v.securitys)))
      throw badRequest('validation.invalid', { field: 'securitys' }, 'securitys')
    if (
      v.codePath !== undefined &&
      (!/^\/[\w./-]*$/.test(String(v.codePath)) || /(^|\/)\.\.?(\/|$)/.test(String(v.codePath)))
    )
      throw badRequest('validation.invalid', { field: 'codePath' }, 'codePath')
    if (v.capAdd && !/^[A-Za-z_]+(,[A-Za-z_]+)*$/.test(String(v.capAdd)))
      throw badRequest('validation.invalid', { field: 'capAdd' }, 'capAdd')
    const range: [string, number, number][] = [
      ['cpus', 0.05, 16],
      ['memoryMb', 16, 65536],
      ['pidsLimit', 8, 32768],
      ['workspaceMb', 1, 102400],
      ['poolSize', 0, 50],
      ['webPort', 1, 65535],
    ]
    for (const [f, lo, hi] of range)
      if (
        v[f] !== undefined &&
        v[f] !== null &&
        (typeof v[f] !== 'number' || (v[f] as number) < lo || (v[f] as number) > hi)
      )
        throw badRequest('validation.invalid', { field: f }, f)
    if (v.service === 'web' && !v.webPort && !w.before[0]?.webPort)
      throw badRequest('validation.required', { field: 'webPort' }, 'webPort')
    // The whole row as it will be, so an update cannot keep what the policy no longer allows.
    checkEnvironment(await readLabPolicy(ctx.db), ctx.actor.tenantId, { ...w.before[0], ...v })
  },
})

/**
 * Writes lines of import/build progress where the screen polls it. The install running it is the log's only writer
 * (the row is busy meanwhile), so the log is kept here and each line's write follows the previous one's.
 */
function progressLog(labs: Labs, id: string) {
  let log = ''
  let writes = Promise.resolve()
  return {
    line(line: string): void {
      log = `${log}${line}\n`.slice(-16_000)
      const text = log
      writes = writes
        .then(async () => {
          await labs.db.update(labImage).set({ buildLog: text }).where(eq(labImage.id, id))
        })
        .catch((err) => labs.log.warn({ err, image: id }, 'image progress not recorded'))
    },
    written: () => writes,
  }
}

/**
 * Imports a `docker save` tarball or builds a Dockerfile context for an image
 * row, in the background; the row's buildState and buildLog show progress.
 * Used by the back office and `atrium images`.
 */
export async function installImage(
  labs: Labs,
  ctx: Ctx,
  o: { id?: string; title?: string; kind: 'import' | 'build'; source: Readable; tag?: string },
): Promise<{ id: string; done: Promise<void> }> {
  await labs.requireEngine()
  let id = o.id
  if (id) {
    const row = await first(
      ctx.db
        .select()
        .from(labImage)
        .where(and(eq(labImage.id, id), await imageResource.scope(ctx))),
    )
    if (!row) throw new ApiError(404, 'error.notFound')
    if (row.buildState === 1) throw new ApiError(409, 'lab.imageBusy')
  }
  const tenantId = ctx.actor.tenantId
  const policy = await readLabPolicy(ctx.db)
  const tag =
    o.tag ??
    (id
      ? (await first(ctx.db.select({ ref: labImage.imageId }).from(labImage).where(eq(labImage.id, id))))!.ref
      : undefined)
  if (o.kind === 'build' && !tag) throw badRequest('lab.imageIdRequired', { field: 'imageId' }, 'imageId')
  // A school writes only inside its namespace: a shared or another school's tag is refused before anything loads.
  if (tag) requireWritableRef(tenantId, tag)
  if (!id) {
    const row = await imageResource.ops.submit(ctx, {
      title: o.title || tag || 'image',
      imageId: tag ?? importTarget(tenantId, undefined) ?? 'pending/import:latest',
      type: '2',
      experimentType: '1',
    })
    id = row.id as string
  }
  // Only one install at a time per row: the database decides between two that both found it idle.
  const claimed = await ctx.db
    .update(labImage)
    .set({ buildState: 1, buildLog: '', updateTime: now() })
    .where(and(eq(labImage.id, id), ne(labImage.buildState, 1)))
  if (!changed(claimed)) throw new ApiError(409, 'lab.imageBusy')
  const rowId = id
  const progress = progressLog(labs, rowId)
  const done = (async () => {
    try {
      if (o.kind === 'import') {
        // The archive's own names are taken out before the engine sees them; the image is tagged where this tenant may write.
        const { stream, names } = untagImageArchive(o.source)
        const refs = await labs.host.loadImage(stream, (p) => progress.line(p.message))
        const held = await names
        const loaded = refs.find((r) => r.startsWith('sha256:')) ?? refs[0]
        if (!loaded) throw new Error('the archive held no image')
        const target = tag ?? importTarget(tenantId, held[0]) ?? loaded
        if (target !== loaded) {
          if (!mayWriteImage(tenantId, target)) throw new Error(`${target} is outside this tenant's namespace`)
          await labs.host.tagImage(loaded, target)
        }
        await ctx.db.update(labImage).set({ imageId: target }).where(eq(labImage.id, rowId))
      } else {
        const limits = { seconds: policy.buildSeconds, memoryMb: policy.buildMemoryMb }
        await labs.host.buildImage(o.source, tag!, limits, (p) => progress.line(p.message))
        await ctx.db.update(labImage).set({ imageId: tag! }).where(eq(labImage.id, rowId))
      }
      progress.line('done')
      await progress.written()
      await ctx.db.update(labImage).set({ buildState: 0, updateTime: now() }).where(eq(labImage.id, rowId))
      void labs.pools.refill(rowId)
    } catch (err) {
      progress.line(`error: ${(err as Error).message}`)
      await progress.written()
      await ctx.db.update(labImage).set({ buildState: 2, updateTime: now() }).where(eq(labImage.id, rowId))
    }
  })()
  return { id: rowId, done }
}

/** The routes' side of an install: the multipart file checked, the engine's work left running in the background. */
async function install(
  ctx: Ctx,
  services: Services | undefined,
  kind: 'import' | 'build',
  body: Record<string, unknown>,
): Promise<{ id: string }> {
  const file = body.file
  if (!(file instanceof Blob) || !file.size) throw badRequest('lab.archiveRequired', { field: 'file' }, 'file')
  const { id } = await installImage(routeServices(services).labs, ctx, {
    id: (body.id as string | undefined) || undefined,
    title: body.title as string | undefined,
    kind,
    source: Readable.fromWeb(file.stream() as never),
    tag: kind === 'build' ? String(body.imageId) : undefined,
  })
  return { id }
}
