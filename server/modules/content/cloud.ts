import { fileOfTenant } from '../../lib/file-refs.ts'
import { documentFields, folderFields } from '../../../db/fields/content.ts'
import { and, asc, count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import { cloudDocument, cloudFolder } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import { assertOwnFile } from '../course/ware.ts'
import { filesOf } from '../resource/files.ts'
import './messages.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { text } from '../../lib/request-schema.ts'

type Folder = typeof cloudFolder.$inferSelect
type Document = typeof cloudDocument.$inferSelect

/** Cloud document folders: a tree (parentId '0' is the root). */
export const folderResource = defineResource({
  table: cloudFolder,
  path: '/api/cloud-document/folder',
  code: 'content:cloud',
  search: ['name'],
  filters: ['parentId'],
  fields: folderFields,
  orderBy: (c) => [asc(c.sort), asc(c.id)],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') {
      const ids = w.before.map((r) => r.id)
      const [{ kids }] = await ctx.db
        .select({ kids: count() })
        .from(cloudFolder)
        .where(and(inArray(cloudFolder.parentId, ids), notDeleted(cloudFolder)))
      const [{ docs }] = await ctx.db
        .select({ docs: count() })
        .from(cloudDocument)
        .where(and(inArray(cloudDocument.folderId, ids), notDeleted(cloudDocument)))
      if (kids || docs) throw new ApiError(409, 'folder.notEmpty')
      return
    }
    const parent = w.values.parentId
    if (typeof parent === 'string' && parent !== '0') {
      // The parent must be a folder of the tenant, and not the folder itself or one below it.
      const all = await folderResource.ops.all(ctx, {})
      const self = w.before[0]?.id
      let p: Folder | undefined = all.find((f) => f.id === parent)
      if (!p) throw badRequest('folder.parent', { field: 'parentId' }, 'parentId')
      for (let hops = 0; p && hops < 100; hops++, p = all.find((f) => f.id === p!.parentId))
        if (p.id === self) throw badRequest('folder.parent', { field: 'parentId' }, 'parentId')
    }
  },
  // The folder screen's trees: every folder in the caller's scope as one tree (rows with children), or one level
  // under parentId, each saying whether it has sub-folders. The generated /list stays a page of folders, which the
  // screen searches; the tree option's picker shapes would change both.
  actions: {
    tree: {
      method: 'GET',
      button: 'content:cloud',
      run: async (ctx): Promise<FolderNode[]> => folderTree(await folderResource.ops.all(ctx, {})),
    },
    'lazy-tree': {
      method: 'GET',
      button: 'content:cloud',
      body: { parentId: text('the parent folder (0: the top)') },
      run: async (ctx, { body }): Promise<(Folder & { hasChildren: boolean })[]> =>
        lazyLevel(ctx, (body.parentId as string | undefined) || '0', await folderResource.scope(ctx)),
    },
  },
})

/** Documents in folders: PDF or Markdown files (private, served by signed link). */
export const documentResource = defineResource({
  table: cloudDocument,
  path: '/api/cloud-document/document',
  code: 'content:cloud',
  search: ['title'],
  filters: ['folderId', 'fileType'],
  fields: documentFields,
  orderBy: (c) => [asc(c.sort), asc(c.id)],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.values.folderId !== undefined) await folderResource.ops.detail(ctx, w.values.folderId as string)
    delete w.values.fileType
    delete w.values.fileSize
    if (w.values.fileAddress !== undefined || w.op === 'insert') {
      const file = await assertOwnFile(ctx, w.values.fileAddress, 'fileAddress', ['document'])
      if (!file || !['pdf', 'md'].includes(file.extension ?? ''))
        throw badRequest('document.file', { field: 'fileAddress' }, 'fileAddress')
      w.values.fileType = file.extension
      w.values.fileSize = file.attachSize
    }
  },
  actions: {
    // A document with a signed link to its file and, for Markdown, its text (the services sign and read it).
    info: {
      method: 'GET',
      button: 'content:cloud',
      target: { one: 'id' },
      verb: 'detail',
      run: (_ctx, { rows: [doc], services }) => {
        if (!services) throw new Error('document info signs a link: it needs the app services')
        return documentInfo(services, doc)
      },
    },
    // Changes a document's description only (title, intro, folder, sort), never its file; submit checks each field.
    'update-info': {
      button: 'edit',
      target: { one: 'id' },
      body: looseBody('title', 'intro', 'folderId', 'sort'),
      message: 'ok.updated',
      run: (ctx, { ids: [id], body }): Promise<Document> =>
        documentResource.ops.submit(ctx, {
          id,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        }),
    },
    // update = submit of an existing document (the spec names both): the body goes to submit as sent.
    update: {
      button: 'edit',
      target: { one: 'id' },
      body: looseBody(...Object.keys(getTableColumns(cloudDocument))),
      message: 'ok.updated',
      run: (ctx, { sent }): Promise<Document> => documentResource.ops.submit(ctx, sent),
    },
  },
})

export interface FolderNode extends Folder {
  children: FolderNode[]
  hasChildren: boolean
}

/** Folders as a tree, in sort order. */
export function folderTree(rows: Folder[]): FolderNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as FolderNode[], hasChildren: false }]))
  const roots: FolderNode[] = []
  for (const n of nodes.values()) {
    const p = nodes.get(n.parentId)
    if (p) {
      p.children.push(n)
      p.hasChildren = true
    } else roots.push(n)
  }
  return roots
}

/**
 * One level of the tree among the folders `visible` admits (staff: the folder list's scope; the portal: every
 * folder), each folder saying whether it has sub-folders (for a lazily opened tree).
 */
export async function lazyLevel(ctx: Ctx, parentId: string, visible: SQL) {
  const level = await ctx.db
    .select()
    .from(cloudFolder)
    .where(and(visible, eq(cloudFolder.parentId, parentId)))
    .orderBy(asc(cloudFolder.sort), asc(cloudFolder.id))
  const ids = level.map((f) => f.id)
  const kids = ids.length
    ? await ctx.db
        .select({ parentId: cloudFolder.parentId, n: count() })
        .from(cloudFolder)
        .where(and(inArray(cloudFolder.parentId, ids), notDeleted(cloudFolder)))
        .groupBy(cloudFolder.parentId)
    : []
  return level.map((f) => ({ ...f, hasChildren: kids.some((k) => k.parentId === f.id) }))
}

/** A document with a signed link to its file and, for Markdown, its text (rendered by the page). */
export async function documentInfo(s: Services, doc: typeof cloudDocument.$inferSelect) {
  const files = filesOf(s)
  // Only a file of the document's own school is signed or read: a row written before the file checks (or by hand)
  // may name another school's upload.
  const row = await fileOfTenant(s.db, doc.tenantId, doc.fileAddress)
  const link = row && doc.fileAddress ? files.sign(doc.fileAddress, 2 * 3600) : null
  let text: string | null = null
  if (doc.fileType === 'md' && row) text = await new Response(await (await files.adapterOf(row)).body(row.name)).text()
  return { ...doc, link, text }
}
