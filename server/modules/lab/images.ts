import { imageFields } from '../../../db/fields/lab.ts'
import { Elysia, t } from 'elysia'
import { and, eq } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { experiment, labImage } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import type { Labs } from './engine/service.ts'
import { scope } from '../../lib/scope.ts'
import { untagImageArchive } from './engine/archive.ts'
import { checkEnvironment, importTarget, mayWriteImage, readLabPolicy, requireWritableRef } from './engine/policy.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

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
  beforeWrite: async (ctx, w) => {
    const v = w.values
    if (w.op === 'remove') {
      const used = await ctx.db
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
        )
        .get()
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
    checkEnvironment(readLabPolicy(ctx.db), ctx.actor.tenantId, { ...w.before[0], ...v })
  },
})

/** Writes a line of import/build progress where the screen polls it. */
function progress(labs: Labs, id: string, line: string) {
  const row = labs.db.select({ log: labImage.buildLog }).from(labImage).where(eq(labImage.id, id)).get()
  const log = `${row?.log ?? ''}${line}\n`.slice(-16_000)
  labs.db.update(labImage).set({ buildLog: log }).where(eq(labImage.id, id)).run()
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
    const row = ctx.db
      .select()
      .from(labImage)
      .where(and(eq(labImage.id, id), await imageResource.scope(ctx)))
      .get()
    if (!row) throw new ApiError(404, 'error.notFound')
    if (row.buildState === 1) throw new ApiError(409, 'lab.imageBusy')
  }
  const tenantId = ctx.actor.tenantId
  const policy = readLabPolicy(ctx.db)
  const tag =
    o.tag ??
    (id ? ctx.db.select({ ref: labImage.imageId }).from(labImage).where(eq(labImage.id, id)).get()!.ref : undefined)
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
  ctx.db.update(labImage).set({ buildState: 1, buildLog: '', updateTime: now() }).where(eq(labImage.id, id)).run()
  const rowId = id
  const done = (async () => {
    try {
      if (o.kind === 'import') {
        // The archive's own names are taken out before the engine sees them; the image is tagged where this tenant may write.
        const { stream, names } = untagImageArchive(o.source)
        const refs = await labs.host.loadImage(stream, (p) => progress(labs, rowId, p.message))
        const held = await names
        const loaded = refs.find((r) => r.startsWith('sha256:')) ?? refs[0]
        if (!loaded) throw new Error('the archive held no image')
        const target = tag ?? importTarget(tenantId, held[0]) ?? loaded
        if (target !== loaded) {
          if (!mayWriteImage(tenantId, target)) throw new Error(`${target} is outside this tenant's namespace`)
          await labs.host.tagImage(loaded, target)
        }
        ctx.db.update(labImage).set({ imageId: target }).where(eq(labImage.id, rowId)).run()
      } else {
        const limits = { seconds: policy.buildSeconds, memoryMb: policy.buildMemoryMb }
        await labs.host.buildImage(o.source, tag!, limits, (p) => progress(labs, rowId, p.message))
        ctx.db.update(labImage).set({ imageId: tag! }).where(eq(labImage.id, rowId)).run()
      }
      ctx.db.update(labImage).set({ buildState: 0, updateTime: now() }).where(eq(labImage.id, rowId)).run()
      progress(labs, rowId, 'done')
      void labs.pools.refill(rowId)
    } catch (err) {
      progress(labs, rowId, `error: ${(err as Error).message}`)
      ctx.db.update(labImage).set({ buildState: 2, updateTime: now() }).where(eq(labImage.id, rowId)).run()
    }
  })()
  return { id: rowId, done }
}

export const imageRoutes = (s: Services) =>
  handWritten(
    'lab images arrive as multipart archives or Dockerfile folders and build on the Docker engine with progress',
    imageRoutesPlugin(s),
  )

const imageRoutesPlugin = (s: Services) =>
  new Elysia().use(imageResource.routes(s)).use(
    new Elysia({ prefix: imageResource.options.path })
      .use(authContext(s))
      // Not actions: the archive arrives as multipart (a Blob handed on as a stream); the CLI streams to installImage.
      .post(
        '/import',

        async ({ ctx, body }) => {
          if (!(body.file instanceof Blob) || !body.file.size)
            throw badRequest('lab.archiveRequired', { field: 'file' }, 'file')
          const source = Readable.fromWeb(body.file.stream() as never)
          const { id } = await installImage(s.labs, ctx, {
            id: body.id || undefined,
            title: body.title,
            kind: 'import',
            source,
          })
          return ok(ctx, { id })
        },
        {
          perm: 'lab:image:import',
          body: t.Object({
            file: t.Any(),
            id: t.Optional(t.String()),
            title: t.Optional(t.String({ maxLength: 100 })),
          }),
        },
      )
      // A Dockerfile folder arrives as a tar of the folder (the web packs the chosen folder; the CLI packs DIR).
      .post(
        '/build',
        async ({ ctx, body }) => {
          if (!(body.file instanceof Blob) || !body.file.size)
            throw badRequest('lab.archiveRequired', { field: 'file' }, 'file')
          if (!/^[a-z0-9][a-z0-9._\/:-]{0,199}$/.test(body.imageId))
            throw badRequest('validation.invalid', { field: 'imageId' }, 'imageId')
          const source = Readable.fromWeb(body.file.stream() as never)
          const { id } = await installImage(s.labs, ctx, {
            id: body.id || undefined,
            title: body.title,
            kind: 'build',
            source,
            tag: body.imageId,
          })
          return ok(ctx, { id })
        },
        {
          perm: 'lab:image:build',
          body: t.Object({
            file: t.Any(),
            imageId: t.String(),
            id: t.Optional(t.String()),
            title: t.Optional(t.String({ maxLength: 100 })),
          }),
        },
      )
      .get(
        '/progress',
        async ({ ctx, query }) => {
          const row = await imageResource.ops.detail(ctx, query.id)
          return ok(ctx, {
            id: row.id,
            buildState: row.buildState,
            buildLog: row.buildLog,
            imageId: row.imageId,
            onEngine: await s.labs.host.imageExists(String(row.imageId)).catch(() => false),
          })
        },
        { perm: 'lab:image', query: queryOf({ id: text('image') }) },
      ),
  )
