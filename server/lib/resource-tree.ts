/**
 * The factory's `tree` option: a parent column makes a resource a tree. The
 * factory then keeps every write acyclic (a parent must exist in the caller's
 * tenant and may not be the node or one of its descendants), keeps the
 * optional ancestors column right (a moved node takes its subtree along),
 * refuses to remove a node with live children, and answers the tree routes
 * (/list as the whole tree, /lazy-list, /tree, /lazy-tree).
 */
import { and, eq, getTableColumns, inArray, notInArray, or, type SQL } from 'drizzle-orm'
import { startsWith } from './like.ts'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx } from './context.ts'
import { ApiError, badRequest } from './errors.ts'
import { defineMessages } from './messages.ts'
import { scope } from './scope.ts'
import { buildTree } from './tree.ts'
import { first } from './rows.ts'
import type { Tx } from './transaction.ts'

defineMessages({ 'tree.parentMissing': { zh: '上级节点不存在', en: 'the parent does not exist' } })

type Row = Record<string, unknown>
type Query = Record<string, string | undefined>

export interface TreeOptions {
  /** Column holding the parent's key; 'parentId' when left out. */
  parent?: string
  /** The parent value of a top-level node; '0' when left out. */
  root?: string
  /** Column holding root…parent keys comma-joined, kept right by the factory. */
  ancestors?: string
  /** Column a node shows as its title. */
  title: string
  /** Extra columns a tree node carries (pickers show or filter by them). */
  node?: string[]
  /** Codes besides the resource's own that may read /tree and /lazy-tree (pickers on other screens). */
  readers?: string[]
  /** Extra condition the tree reads take from the query (e.g. a department's type). */
  where?: (q: Query) => SQL | undefined
  /** Message key for an unknown parent ('tree.parentMissing' when left out). */
  parentMissing?: string
}

/** The tree behaviour of one resource, bound to its table and key column. */
export function treeOf(table: SQLiteTable, key: string, t: TreeOptions, global: boolean) {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const parent = t.parent ?? 'parentId',
    root = t.root ?? '0'
  const keyCol = cols[key],
    parentCol = cols[parent],
    ancCol = t.ancestors ? cols[t.ancestors] : undefined
  // A parent is looked up in the caller's tenant among live rows; data scope does not hide a parent from a writer.
  const live = (ctx: Ctx) =>
    scope(table, ctx, { global, dataScope: false, why: 'a parent or subtree is found in the whole tenant' })
  const byKey = async (ctx: Ctx, k: string) =>
    (await first(
      ctx.db
        .select()
        .from(table)
        .where(and(await live(ctx), eq(keyCol, k))),
    )) as Row | undefined

  /** Checks the parent a write sets and fills the ancestors column; 400 naming the parent field. */
  async function place(ctx: Ctx, values: Row, before: Row | undefined): Promise<void> {
    const parentKey = String(values[parent] ?? before?.[parent] ?? root)
    values[parent] = parentKey
    if (parentKey === root) {
      if (t.ancestors) values[t.ancestors] = root
      return
    }
    const up = await byKey(ctx, parentKey)
    if (!up) throw badRequest(t.parentMissing ?? 'tree.parentMissing', { field: parent }, parent)
    const self = (before?.[key] ?? values[key]) as string | undefined
    if (self !== undefined && before) {
      // Walk up from the new parent: meeting the node itself means the write would close a loop.
      let cur: Row | undefined = up
      for (let depth = 0; cur && depth < 10_000; depth++) {
        if (String(cur[key]) === String(self)) throw badRequest('tree.selfParent', { field: parent }, parent)
        const next: string = String(cur[parent])
        cur = next === root ? undefined : await byKey(ctx, next)
      }
    }
    if (t.ancestors) values[t.ancestors] = `${up[t.ancestors]},${up[key]}`
  }

  /** After an update that moved a node: its descendants' ancestors follow, in the same transaction. */
  async function carrySubtree(tx: Tx, before: Row, after: Row): Promise<void> {
    if (!ancCol || !t.ancestors || before[t.ancestors] === after[t.ancestors] || after[t.ancestors] === undefined)
      return
    const from = `${before[t.ancestors]},${before[key]}`,
      to = `${after[t.ancestors]},${before[key]}`
    const rows = (await tx
      .select({ k: keyCol, a: ancCol })
      .from(table)
      .where(or(eq(ancCol, from), startsWith(ancCol, `${from},`)))) as { k: string; a: string }[]
    for (const d of rows)
      await tx
        .update(table)
        .set({ [t.ancestors]: to + d.a.slice(from.length) })
        .where(eq(keyCol, d.k))
  }

  /** A node with live children cannot go (removing a parent together with all its children can): 400 'tree.hasChildren'. */
  async function refuseParents(ctx: Ctx, keys: string[]): Promise<void> {
    const child = await ctx.db
      .select({ k: keyCol })
      .from(table)
      .where(and(await live(ctx), inArray(parentCol, keys), notInArray(keyCol, keys)))
      .limit(1)
    if (child.length) throw new ApiError(400, 'tree.hasChildren')
  }

  /** The keys of a node and everything below it, within the caller's tenant (data scope over a tree). */
  async function subtree(ctx: Ctx, k: string): Promise<string[]> {
    const base = await live(ctx)
    if (ancCol) {
      const node = await byKey(ctx, k)
      if (!node) return []
      const prefix = `${node[t.ancestors!]},${k}`
      const rows = await ctx.db
        .select({ k: keyCol })
        .from(table)
        .where(and(base, or(eq(ancCol, prefix), startsWith(ancCol, `${prefix},`))))
      return [k, ...rows.map((r) => String(r.k))]
    }
    const out: string[] = [],
      seen = new Set<string>()
    for (let level = [k]; level.length;) {
      for (const x of level) {
        seen.add(x)
        out.push(x)
      }
      const next = await ctx.db
        .select({ k: keyCol })
        .from(table)
        .where(and(base, inArray(parentCol, level)))
      level = next.map((r) => String(r.k)).filter((x) => !seen.has(x))
    }
    return out
  }

  /** A row as a picker node: the SpringBlade TreeNode shape plus the declared extras. */
  const node = (r: Row) => ({
    id: String(r[key]),
    parentId: String(r[parent]),
    title: r[t.title],
    key: String(r[key]),
    value: String(r[key]),
    ...Object.fromEntries((t.node ?? []).map((c) => [c, r[c]])),
  })

  /** Which of these rows have children among the rows given (all in scope). */
  const withChildFlags = (rows: Row[], all: Row[]) => {
    const parents = new Set(all.map((r) => String(r[parent])))
    return rows.map((r) => ({ ...r, hasChildren: parents.has(String(r[key])) }))
  }

  const tree = (rows: Row[]) => buildTree(rows.map((r) => ({ ...r, id: String(r[key]), parentId: String(r[parent]) })))
  const nodes = (rows: Row[]) => buildTree(rows.map(node))

  return { parent, root, place, carrySubtree, refuseParents, subtree, node, withChildFlags, tree, nodes }
}

export type TreeBehaviour = ReturnType<typeof treeOf>
