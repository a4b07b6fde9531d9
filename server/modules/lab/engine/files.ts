import { posix } from 'node:path'
import type { Ctx } from '../../../lib/context.ts'
import { ApiError, badRequest } from '../../../lib/errors.ts'
import { experimentOf, liveRow } from './containers.ts'
import { packFile, readTar, type TarEntry } from './archive.ts'
import type { Labs } from './service.ts'
import { readLabPolicy } from './policy.ts'
import { requireRoomFor } from './workspace.ts'

/** The caller's running container and workspace root, or 409 when no lab is running. */
async function liveLab(labs: Labs, ctx: Ctx, experimentId: unknown) {
  const { exp, image } = await experimentOf(ctx, experimentId)
  await labs.requireEngine()
  const row = await liveRow(ctx, exp.id)
  if (!row?.containerId) throw new ApiError(409, 'lab.notRunning')
  return { containerId: row.containerId, root: posix.normalize(image.codePath), volume: row.volume, image }
}

/** A learner's path, resolved inside the workspace; anything climbing out is refused. */
function inside(root: string, path: unknown, field = 'path'): string {
  const rel = typeof path === 'string' ? path : ''
  const full = posix.normalize(posix.join(root, rel))
  if (full !== root && !full.startsWith(`${root}/`)) throw badRequest('lab.badPath', { field }, field)
  return full
}

/** openExperimentToFile: the workspace's files (read through the engine's archive API, first 500 entries). */
export async function listFiles(labs: Labs, ctx: Ctx, experimentId: unknown): Promise<TarEntry[]> {
  const { containerId, root } = await liveLab(labs, ctx, experimentId)
  const { entries } = await readTar(await labs.host.getArchive(containerId, root), { maxEntries: 500, maxBytes: 0 })
  const base = posix.basename(root)
  return entries.map((e) => ({ ...e, name: e.name.replace(new RegExp(`^${base}/?`), '') })).filter((e) => e.name)
}

/** getContainerFile: one file out of the workspace, within the download limit. */
export async function downloadFile(
  labs: Labs,
  ctx: Ctx,
  experimentId: unknown,
  path: unknown,
): Promise<{ name: string; body: Buffer }> {
  const { containerId, root } = await liveLab(labs, ctx, experimentId)
  const full = inside(root, path)
  if (full === root) throw badRequest('lab.badPath', { field: 'path' }, 'path')
  const max = labs.settings.downloadMaxMb
  let stream
  try {
    stream = await labs.host.getArchive(containerId, full)
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 404) throw new ApiError(404, 'lab.fileMissing')
    throw e
  }
  const { file, tooLarge } = await readTar(stream, { keepFirstFile: true, maxBytes: max * 1024 * 1024 })
  if (tooLarge) throw new ApiError(413, 'lab.fileTooLarge', { max })
  if (!file) throw new ApiError(404, 'lab.fileMissing')
  return { name: posix.basename(file.name), body: file.body }
}

/** uploadContainerFile: a file into a workspace folder, within the upload limit. */
export async function uploadFile(
  labs: Labs,
  ctx: Ctx,
  experimentId: unknown,
  file: unknown,
  dir: unknown,
): Promise<{ path: string; size: number }> {
  if (!(file instanceof Blob) || !('name' in file)) throw badRequest('lab.fileRequired', { field: 'file' }, 'file')
  const max = labs.settings.uploadMaxMb
  if (file.size > max * 1024 * 1024) throw new ApiError(413, 'lab.fileTooLarge', { max })
  const { containerId, root, volume, image } = await liveLab(labs, ctx, experimentId)
  const target = inside(root, dir, 'dir')
  if (volume) await requireRoomFor(labs, volume, image, file.size)
  const name = posix.basename(String((file as File).name)).replace(/[\u0000/]/g, '')
  if (!name || name === '.' || name === '..') throw badRequest('lab.fileRequired', { field: 'file' }, 'file')
  await labs.host.putArchive(
    containerId,
    target,
    await packFile(name, Buffer.from(await file.arrayBuffer()), (await readLabPolicy(labs.db)).user),
  )
  return { path: posix.relative(root, posix.join(target, name)), size: file.size }
}
