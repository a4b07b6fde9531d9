import { Type } from '@sinclair/typebox'
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { labHostFields } from '../../../db/fields/lab.ts'
import { labHost, userContainer } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import type { Page } from '../../lib/envelope.ts'
import { defineMessages, t } from '../../lib/messages.ts'
import { isAdministrator, PLATFORM_TENANT } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Row } from '../../lib/resource-types.ts'
import { paging } from '../../lib/request-schema.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { LOCAL, sshHostKey, type HostStatus, type LabFleet } from './engine/fleet.ts'
import { seal } from '../../lib/sealed.ts'
import { routeServices } from './route-services.ts'

defineMessages({
  'labHost.taken': { zh: '实验主机 {name} 已存在', en: 'the lab host {name} already exists' },
  'labHost.busy': {
    zh: '实验主机 {name} 上仍有 {n} 个运行中的实验，请先停用并等待其结束',
    en: 'the lab host {name} still runs {n} labs: disable it and let them end first',
  },
  'labHost.nameFixed': {
    zh: '实验主机的名称创建后不能修改（实验与容器按名称记录所在主机）',
    en: "a lab host's name cannot change once added (labs and containers record their host by name)",
  },
  'labHost.badHostKey': {
    zh: 'SSH 主机的 CA 栏须填写其主机公钥，格式同 known_hosts 中的一行，例如 ssh-ed25519 AAAA…',
    en: 'for an SSH host the CA field holds its host public key, written like a known_hosts line: ssh-ed25519 AAAA…',
  },
})

/**
 * Only the platform administrator (tenant 000000) sees or changes lab hosts: they name machines and keys outside
 * any school (DESIGN: a school's administrator is a customer of the appliance, never an operator of its host). The
 * menu is a platform one (never in a tenant package); this rule refuses anyone else even holding the code.
 */
export const platformAdmin = async (ctx: Ctx) => ctx.actor.tenantId === PLATFORM_TENANT && isAdministrator(ctx)

async function requirePlatform(ctx: Ctx) {
  if (!(await platformAdmin(ctx))) throw new ApiError(403, 'error.forbidden')
}

const fleetOf = (services: Services | undefined): LabFleet => routeServices(services).labs.fleet

/** Running labs on the named hosts, from their rows (the record every process shares). */
async function runningOn(ctx: Ctx, names: string[]): Promise<Map<string, number>> {
  const rows = names.length
    ? await ctx.db
        .select({ host: userContainer.host, id: userContainer.id })
        .from(userContainer)
        .where(and(inArray(userContainer.host, names), eq(userContainer.state, 'running'), notDeleted(userContainer)))
    : []
  const n = new Map<string, number>()
  for (const r of rows) n.set(r.host!, (n.get(r.host!) ?? 0) + 1)
  return n
}

/** Why an engine is unreachable, in the reader's language ('' while it answers). */
export const problemText = (ctx: Ctx, s: HostStatus | undefined) =>
  s?.problem ? t(ctx.lang, s.problem.key, s.problem.params) : ''

/** What a read adds to a stored row: the fleet's view of its engine, and only whether a key is set. */
function withState(ctx: Ctx, row: Row, s: HostStatus | undefined, keyed: Set<string>) {
  const running = s?.running ?? 0
  const maxLabs = s?.maxLabs ?? (row.maxLabs as number)
  return {
    ...row,
    listed: true,
    enabled: s ? s.state !== 'disabled' : undefined,
    state: s?.state ?? 'down',
    version: s?.version ?? null,
    downSince: s?.downSince ?? null,
    problem: problemText(ctx, s),
    running,
    places: `${running} / ${maxLabs}`,
    free: Math.max(0, maxLabs - running),
    tlsKeySet: keyed.has(String(row.id)) ? 1 : 0,
  }
}

/** The rows with their live state: one probe per engine (cached 5 s by the fleet), one key look-up for the page. */
async function live(ctx: Ctx, fleet: LabFleet, rows: Row[]) {
  const status = new Map((await fleet.status()).map((s) => [s.name, s]))
  const ids = rows.map((r) => String(r.id))
  const keyed = new Set(
    ids.length
      ? (
          await ctx.db
            .select({ id: labHost.id })
            .from(labHost)
            .where(and(inArray(labHost.id, ids), isNotNull(labHost.tlsKey)))
        ).map((r) => r.id)
      : [],
  )
  return { status, rows: rows.map((r) => withState(ctx, r, status.get(String(r.name)), keyed)) }
}

/** The local engine (DOCKER_HOST) as a list row: not stored, not editable, shown while it takes or runs labs. */
const localRow = (ctx: Ctx, s: HostStatus) => ({
  id: LOCAL,
  name: s.name,
  endpoint: s.endpoint,
  maxLabs: s.maxLabs,
  listed: false,
  enabled: s.state !== 'disabled',
  state: s.state,
  version: s.version,
  downSince: s.downSince,
  problem: problemText(ctx, s),
  running: s.running,
  places: `${s.running} / ${s.maxLabs}`,
  free: Math.max(0, s.maxLabs - s.running),
  tlsKeySet: 0,
})

/** The list and page: the listed hosts in pages, the local engine first on page 1 while the fleet shows it (and a search matches it). */
async function hostPage(ctx: Ctx, fleet: LabFleet, query: Record<string, string | undefined>): Promise<object> {
  await requirePlatform(ctx)
  const page: Page<Row> = await labHostResource.ops.page(ctx, query)
  const { status, rows } = await live(ctx, fleet, page.records as Row[])
  // A search matches the local engine's row as the LIKE search matches the stored ones (by substring).
  const matches = (s: HostStatus) =>
    (!query.name || s.name.includes(query.name)) && (!query.endpoint || s.endpoint.includes(query.endpoint))
  const local = page.current === 1 ? [...status.values()].filter((s) => s.name === LOCAL && matches(s)) : []
  return { ...page, total: page.total + local.length, records: [...local.map((s) => localRow(ctx, s)), ...rows] }
}

/**
 * The lab hosts (`/api/hm-labHost/labHost`): the same rules as `atrium labs hosts` (the CLI's functions in
 * engine/lab-hosts.ts go through this resource's operations). Reads add each engine's live state from the fleet
 * (up, unreachable since when, disabled; running labs, places, engine version), so they are actions with the
 * route's services rather than the generated reads; submit and remove are the factory's, followed by the fleet
 * dropping its copy of the list so the change shows at once (another process's within 2 s).
 */
export const labHostResource = defineResource({
  table: labHost,
  path: '/api/hm-labHost/labHost',
  code: 'lab:host',
  global: true,
  search: ['name', 'endpoint'],
  fields: labHostFields,
  // The key never leaves the appliance; the probe's columns are the fleet's to write.
  hidden: ['tlsKey', 'state', 'version', 'downSince', 'checkedAt', 'enabled'],
  // Sealed (base64 of AES-GCM) by the time the factory checks it: room for a 20000-character PEM.
  body: {
    tlsKey: Type.Optional(Type.String({ maxLength: 28000, description: 'PEM; sealed at rest; blank keeps it' })),
  },
  unique: [{ columns: ['name'], message: 'labHost.taken' }],
  access: {
    list: platformAdmin,
    detail: platformAdmin,
    add: platformAdmin,
    edit: platformAdmin,
    remove: platformAdmin,
  },
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  actions: {
    list: {
      method: 'GET',
      button: 'lab:host',
      body: { ...paging(), name: Type.Optional(Type.String()), endpoint: Type.Optional(Type.String()) },
      run: (ctx, { query, services }) => hostPage(ctx, fleetOf(services), query),
    },
    page: {
      method: 'GET',
      button: 'lab:host',
      body: { ...paging(), name: Type.Optional(Type.String()), endpoint: Type.Optional(Type.String()) },
      run: (ctx, { query, services }) => hostPage(ctx, fleetOf(services), query),
    },
    detail: {
      method: 'GET',
      button: 'lab:host',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { ids, services }): Promise<object | undefined> =>
        (await live(ctx, fleetOf(services), [(await labHostResource.ops.detail(ctx, ids[0])) as Row])).rows[0],
    },
    // Insert without an id, update with one: the factory's submit (fields, unique name, sealed key).
    submit: {
      button: ['add', 'edit'],
      run: async (ctx, { sent, services }): Promise<unknown> => {
        const row = await labHostResource.ops.submit(ctx, sealedKey(sent, routeServices(services).jwtSecret))
        fleetOf(services).forget(row.name)
        return row
      },
    },
    remove: {
      button: 'delete',
      target: { many: 'ids' },
      verb: 'remove',
      run: async (ctx, { rows, ids, services }) => {
        await labHostResource.ops.remove(ctx, ids.join(','))
        for (const r of rows) fleetOf(services).forget(r.name)
        return true
      },
    },
    // A disabled host takes no new lab; the labs running on it carry on until they end.
    enable: {
      button: 'enable',
      target: { one: 'id' },
      run: (ctx, { rows: [row], services }) => setEnabled(ctx, fleetOf(services), row!, true),
    },
    disable: {
      button: 'disable',
      target: { one: 'id' },
      run: (ctx, { rows: [row], services }) => setEnabled(ctx, fleetOf(services), row!, false),
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') {
      const n = await runningOn(
        ctx,
        w.before.map((r) => r.name),
      )
      const busy = w.before.find((r) => n.get(r.name))
      if (busy) throw new ApiError(409, 'labHost.busy', { name: busy.name, n: n.get(busy.name) ?? 0 })
      // The name is free again for a new host: the removed row keeps its id, not the unique name.
      w.values.name = sql`${labHost.name} || '#' || ${labHost.id}` as unknown as string
      return
    }
    const v = w.values
    const before = w.before[0]
    // Labs, containers (the atrium.host label) and workspaces record their engine by name.
    if (before && v.name !== undefined && v.name !== before.name) throw badRequest('labHost.nameFixed', {}, 'name')
    // For ssh:// the CA field pins the engine's host key: a line that names no key would refuse every login.
    const endpoint = String(v.endpoint ?? before?.endpoint ?? '')
    if (endpoint.startsWith('ssh:') && sshHostKey((v.tlsCa ?? before?.tlsCa) as string | null) === null)
      throw badRequest('labHost.badHostKey', {}, 'tlsCa')
    // A blank key keeps the stored one (the form never holds it); a key reaches here sealed (sealedKey).
    if (typeof v.tlsKey !== 'string' || !v.tlsKey.trim()) delete v.tlsKey
    else if (!v.tlsKey.startsWith('v1:')) throw new Error('a lab host key must be sealed before it is written')
  },
})

/**
 * A submit body with its key sealed under the data directory's secret (which the operations do not hold): the
 * route and the CLI seal before the factory's submit, so a plain key is never written nor logged with the row.
 */
export function sealedKey(body: unknown, secret: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return typeof b.tlsKey === 'string' && b.tlsKey.trim() ? { ...b, tlsKey: seal(secret, b.tlsKey) } : b
}

/** Enables or disables one host (the CLI's `enable`/`disable` and the screen's buttons). */
export async function setEnabled(ctx: Ctx, fleet: LabFleet, row: { id: string; name: string }, enabled: boolean) {
  await requirePlatform(ctx)
  await ctx.db
    .update(labHost)
    .set({ enabled: enabled ? 1 : 0, updateUser: ctx.actor.userId, updateTime: now() })
    .where(and(eq(labHost.id, row.id), notDeleted(labHost)))
  fleet.forget(row.name)
  return true
}
