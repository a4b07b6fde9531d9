/**
 * The hand-written limit: Bun.serve + bun:sqlite doing the same work per
 * request as the appliance, as cheaply as a competent hand-written server
 * would, and nothing else. `run.ts` checks that it answers the same data
 * before it measures. Per request it:
 *   - takes the bearer token and, the first time it sees it, verifies it
 *     (jose, the library under @elysiajs/jwt, key imported once); then it
 *     remembers the verified claims until the token expires — the appliance's
 *     own policy (server/lib/tokens.ts), so neither pays an HMAC per request;
 *   - reads the live session row AND the permission version in one prepared
 *     statement (the appliance's liveSession), so a revoked session or a
 *     changed grant shows on the very next request here too;
 *   - takes the caller's role aliases, granted menus and sorted permission
 *     codes from a cache keyed by tenant + role set and dropped when the
 *     version moves — what the appliance's permission cache holds
 *     (server/lib/permission-cache.ts), computed by the same queries;
 *   - runs the answer's own queries as prepared statements (user row, role and
 *     department names) and builds the trees per request, as the appliance
 *     does; health runs the same SELECT 1 probe;
 *   - pages with COUNT + LIMIT/OFFSET, the definition of the list
 *     work. The appliance's kept totals and page anchors (page-query.ts) are
 *     means it was asked to find, so they count in its favour here.
 * No framework, no query builder, no validation, no logging, no security
 * headers: the cost of the work itself. It is the fair limit because it
 * skips nothing the answers need and caches nothing the appliance does not.
 *
 * Usage: bun tests/bench/handwritten.ts <port> <dataDir> <bodies.json>
 */
import { Database } from 'bun:sqlite'
import { jwtVerify } from 'jose'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const [port, dataDir, bodiesFile] = process.argv.slice(2)
const db = new Database(join(dataDir, 'atrium.db'), { strict: true })
db.exec('PRAGMA busy_timeout = 5000')
const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(jwtSecret),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
)
// Constant parts of the answers (the message in the caller's language, health's version and probes) come from the appliance's own answers.
const recorded: Record<string, { msg: string; data: Record<string, unknown> }> = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, string>).map(([k, v]) => [
    new URL(k, 'http://x').pathname,
    JSON.parse(v),
  ]),
)
const MSG = Object.values(recorded)[0].msg

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
/** `col AS "camelCol"` for every column but the hidden ones, read from the table once. */
const columns = (table: string, hidden: string[] = []) =>
  (db.query(`PRAGMA table_info(${table})`).all() as { name: string }[])
    .filter((c) => !hidden.includes(c.name))
    .map((c) => `"${c.name}" AS "${camel(c.name)}"`)
    .join(', ')

const q = {
  alive: db.query('SELECT 1 AS ok'),
  session: db.query(
    'SELECT user_id AS userId, tenant_id AS tenantId, role_ids AS roleIds, dept_ids AS deptIds, (SELECT version FROM blade_perm_version WHERE id = 1) AS version FROM blade_session WHERE id = ? AND revoked = 0',
  ),
  user: db.query(`SELECT ${columns('blade_user')} FROM blade_user WHERE id = ? AND is_deleted = 0`),
  roles: db.query(
    'SELECT id, role_alias AS alias, role_name AS name FROM blade_role WHERE id IN (SELECT value FROM json_each(?)) AND tenant_id = ? AND is_deleted = 0',
  ),
  roleNames: db.query('SELECT id, role_name AS name FROM blade_role WHERE id IN (SELECT value FROM json_each(?))'),
  deptNames: db.query('SELECT id, dept_name AS name FROM blade_dept WHERE id IN (SELECT value FROM json_each(?))'),
  allMenus: db.query(`SELECT ${columns('blade_menu')} FROM blade_menu WHERE is_deleted = 0 ORDER BY sort`),
  grantedMenuIds: db.query(
    'SELECT DISTINCT menu_id AS id FROM blade_role_menu WHERE role_id IN (SELECT value FROM json_each(?))',
  ),
  userCount: db.query('SELECT count(*) AS n FROM blade_user WHERE is_deleted = 0 AND tenant_id = ?'),
  // Pages written as the appliance's connection writes them (server/lib/db.ts reusable): with a bare `tenant_id = ?`
  // beside ORDER BY, or a bare `LIMIT ?`, SQLite compiles the statement again on every run. The limit knows it too.
  userPage: db.query(
    `SELECT ${columns('blade_user', ['password', 'fail_count', 'locked_until'])} FROM blade_user WHERE is_deleted = 0 AND tenant_id = +? ORDER BY id DESC LIMIT +? OFFSET ?`,
  ),
  paramCount: db.query('SELECT count(*) AS n FROM blade_param WHERE is_deleted = 0 AND tenant_id = ?'),
  paramPage: db.query(
    `SELECT ${columns('blade_param')} FROM blade_param WHERE is_deleted = 0 AND tenant_id = +? ORDER BY id DESC LIMIT +? OFFSET ?`,
  ),
}

interface Caller {
  userId: string
  tenantId: string
  roleIds: string[]
  deptIds: string[]
  /** The permission version the session statement read with the session. */
  version: number
}
type Row = Record<string, unknown>
type MenuRow = Row & { id: string; parentId: string; category: number; code: string }

/** Verified tokens until they expire (the appliance's policy: the signature once, the session every time). */
const verified = new Map<string, { sub: string; sid: string; exp: number }>()

async function caller(req: Request): Promise<Caller | null> {
  const token = (req.headers.get('blade-auth') ?? '').replace(/^bearer\s+/i, '')
  if (!token) return null
  let claims = verified.get(token)
  if (!claims || claims.exp <= Date.now() / 1000) {
    try {
      const { payload: p } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sid'],
      })
      claims = { sub: p.sub as string, sid: p.sid as string, exp: p.exp as number }
      if (verified.size >= 10_000) verified.delete(verified.keys().next().value!)
      verified.set(token, claims)
    } catch {
      return null
    }
  }
  // Like the appliance: the token names the session; user, tenant, roles and departments come from its live row.
  const live = q.session.get(claims.sid) as {
    userId: string
    tenantId: string
    roleIds: string
    deptIds: string
    version: number | null
  } | null
  if (!live || live.userId !== claims.sub) return null
  const split = (s: unknown) =>
    String(s ?? '')
      .split(',')
      .filter(Boolean)
  return {
    userId: live.userId,
    tenantId: live.tenantId,
    roleIds: split(live.roleIds),
    deptIds: split(live.deptIds),
    version: live.version ?? 0,
  }
}

const json = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify({ code: status, success: status === 200, msg: status === 200 ? MSG : 'unauthorized', data }),
    { status, headers: { 'content-type': 'application/json' } },
  )

function tree<T extends { id: string; parentId: string }>(rows: T[]) {
  const byId = new Map<string, Row & { id: string; parentId: string }>(
    rows.map((r) => [r.id, { ...r, hasChildren: false }]),
  )
  const roots: Row[] = []
  for (const n of byId.values()) {
    const parent = byId.get(n.parentId)
    if (parent && parent !== n) {
      ;((parent.children ??= []) as Row[]).push(n)
      parent.hasChildren = true
    } else roots.push(n)
  }
  return roots
}

interface Granted {
  aliases: string[]
  menus: MenuRow[]
  codes: string[]
}
/** Per tenant + role set, at one permission version: what the appliance's permission cache keeps. */
let granted = { version: -1, byRoles: new Map<string, Granted>() }

/** The caller's roles, the platform menus they grant (administrators: all) and their sorted codes. The bench caller is on the platform tenant: no package clip. */
function grantedTo(c: Caller): Granted {
  if (granted.version !== c.version) granted = { version: c.version, byRoles: new Map() }
  const key = `${c.tenantId}:${[...c.roleIds].sort().join(',')}`
  let g = granted.byRoles.get(key)
  if (!g) {
    const aliases = (q.roles.all(JSON.stringify(c.roleIds), c.tenantId) as { alias: string }[]).map((r) => r.alias)
    const all = q.allMenus.all() as MenuRow[]
    let menus = all
    if (!aliases.includes('administrator') && !aliases.includes('admin')) {
      const ids = new Set((q.grantedMenuIds.all(JSON.stringify(c.roleIds)) as { id: string }[]).map((r) => r.id))
      menus = all.filter((m) => ids.has(m.id))
    }
    g = { aliases, menus, codes: [...new Set(menus.map((m) => m.code))].sort() }
    granted.byRoles.set(key, g)
  }
  return g
}

const names = (rows: Row[], key: string, stmt: typeof q.roleNames) => {
  const ids = [
    ...new Set(
      rows.flatMap((r) =>
        String(r[key] ?? '')
          .split(',')
          .filter(Boolean),
      ),
    ),
  ]
  return new Map(
    ids.length ? (stmt.all(JSON.stringify(ids)) as { id: string; name: string }[]).map((r) => [r.id, r.name]) : [],
  )
}
const joinNames = (csv: unknown, m: Map<string, string>) =>
  String(csv ?? '')
    .split(',')
    .filter(Boolean)
    .map((id) => m.get(id))
    .filter(Boolean)
    .join(',')

function paging(url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1)
  const size = Math.min(200, Math.max(1, Number(url.searchParams.get('size') ?? 10) || 10))
  return { current, size, offset: (current - 1) * size }
}
const pageOf = (records: Row[], total: number, current: number, size: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
})

const routes: Record<string, (c: Caller, url: URL) => unknown> = {
  '/api/blade-auth/oauth/user-info': (c) => {
    const u = q.user.get(c.userId) as Row | null
    if (!u) return null
    const { aliases, codes } = grantedTo(c)
    const roleNames = c.roleIds.length ? (q.roleNames.all(JSON.stringify(c.roleIds)) as { name: string }[]) : []
    const deptNames = c.deptIds.length ? (q.deptNames.all(JSON.stringify(c.deptIds)) as { name: string }[]) : []
    return {
      user_id: u.id,
      account: u.account,
      user_name: u.account,
      name: u.name,
      real_name: u.realName,
      avatar: u.avatar ?? '',
      email: u.email,
      phone: u.phone,
      tenant_id: u.tenantId,
      dept_id: c.deptIds.join(','),
      role_id: c.roleIds.join(','),
      role_name: aliases.join(','),
      dept_name: deptNames.map((d) => d.name).join(','),
      role_names: roleNames.map((r) => r.name).join(','),
      oauth_id: u.oauthId ?? '',
      all_dept_id: u.deptId,
      all_role_id: u.roleId,
      roles: aliases,
      permissions: codes,
    }
  },
  '/api/blade-system/menu/routes': (c) => tree(grantedTo(c).menus.filter((m) => m.category === 1)),
  '/api/blade-system/menu/buttons': (c) => {
    const { menus } = grantedTo(c)
    const parents = new Set(menus.filter((m) => m.category === 2).map((m) => m.parentId))
    return tree(
      menus
        .filter((m) => m.category === 2 || parents.has(m.id))
        .map((m) => ({
          id: m.id,
          parentId: m.parentId,
          code: m.code,
          name: m.name,
          alias: m.alias,
          category: m.category,
          action: m.action,
          path: m.path,
        })),
    )
  },
  '/api/blade-system/user/page': (c, url) => {
    const { current, size, offset } = paging(url)
    const { n } = q.userCount.get(c.tenantId) as { n: number }
    const rows = q.userPage.all(c.tenantId, size, offset) as Row[]
    const roles = names(rows, 'roleId', q.roleNames),
      depts = names(rows, 'deptId', q.deptNames)
    return pageOf(
      rows.map((r) => ({ ...r, roleName: joinNames(r.roleId, roles), deptName: joinNames(r.deptId, depts) })),
      n,
      current,
      size,
    )
  },
  '/api/blade-system/param/list': (c, url) => {
    const { current, size, offset } = paging(url)
    const { n } = q.paramCount.get(c.tenantId) as { n: number }
    return pageOf(q.paramPage.all(c.tenantId, size, offset) as Row[], n, current, size)
  },
}

Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  async fetch(req) {
    const url = new URL(req.url)
    if (url.pathname === '/api/health') {
      let database = 'up'
      try {
        q.alive.get()
      } catch {
        database = 'down'
      }
      return json({ ...recorded['/api/health'].data, database })
    }
    const route = routes[url.pathname]
    if (!route) return json(null, 404)
    const c = await caller(req)
    if (!c) return json(null, 401)
    const data = route(c, url)
    return data === null ? json(null, 401) : json(data)
  },
})
