import { and, eq } from 'drizzle-orm'
import { labHost, userContainer } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { ApiError, badRequest, forbidden, notFound } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { isAdministrator } from '../../../lib/permissions.ts'
import { now } from '../../../lib/time.ts'
import { LOCAL, type HostStatus, type LabFleet } from './fleet.ts'
import { seal } from './host-secret.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

defineMessages({
  'labHost.endpoint': {
    zh: '地址须为 unix:///路径、tcp://主机:端口 或 ssh://用户@主机',
    en: 'the endpoint must be unix:///path, tcp://host:port or ssh://user@host',
  },
  'labHost.name': {
    zh: '名称须为 1 到 32 位字母、数字、点或短横线，且不能为 local',
    en: 'the name must be 1 to 32 letters, digits, dots or dashes, and not local',
  },
  'labHost.taken': { zh: '实验主机 {name} 已存在', en: 'the lab host {name} already exists' },
  'labHost.busy': {
    zh: '实验主机 {name} 上仍有 {n} 个运行中的实验，请先停用并等待其结束',
    en: 'the lab host {name} still runs {n} labs: disable it and let them end first',
  },
})

/**
 * The lab hosts as the platform administrator manages them (`atrium labs hosts`): they name machines and keys
 * outside any school, so only the platform administrator (tenant 000000) sees or changes them (DESIGN: a school's
 * administrator is a customer of the appliance). TLS/SSH keys are sealed before they are stored and never shown.
 */
export interface HostInput {
  name: string
  endpoint: string
  maxLabs?: number
  tlsCa?: string
  tlsCert?: string
  tlsKey?: string
}

export interface HostView extends HostStatus {
  tls: boolean
  /** '******' when a key is stored; the key itself never leaves the appliance. */
  tlsKey: string
}

async function requirePlatform(ctx: Ctx) {
  if (ctx.actor.tenantId !== '000000' || !(await isAdministrator(ctx))) throw forbidden()
}

const ENDPOINT = /^(unix:\/\/\/\S+|tcp:\/\/[\w.-]+:\d{1,5}|ssh:\/\/[\w.-]+@[\w.-]+(:\d{1,5})?)$/

export async function listHosts(ctx: Ctx, fleet: LabFleet): Promise<HostView[]> {
  await requirePlatform(ctx)
  const rows = new Map(
    ctx.db
      .select()
      .from(labHost)
      .where(notDeleted(labHost))
      .all()
      .map((r) => [r.name, r]),
  )
  return (await fleet.status()).map((s) => {
    const r = rows.get(s.name)
    return { ...s, tls: !!(r?.tlsCa || r?.tlsCert), tlsKey: r?.tlsKey ? '******' : '' }
  })
}

export async function addHost(ctx: Ctx, fleet: LabFleet, secret: string, input: HostInput): Promise<string> {
  await requirePlatform(ctx)
  if (!/^[\w.-]{1,32}$/.test(input.name) || input.name === LOCAL) throw badRequest('labHost.name', {}, 'name')
  if (!ENDPOINT.test(input.endpoint)) throw badRequest('labHost.endpoint', {}, 'endpoint')
  const maxLabs = input.maxLabs ?? 60
  if (!Number.isInteger(maxLabs) || maxLabs < 0 || maxLabs > 10000)
    throw badRequest('validation.invalid', { field: 'maxLabs' }, 'maxLabs')
  const taken = ctx.db
    .select({ id: labHost.id })
    .from(labHost)
    .where(and(eq(labHost.name, input.name), notDeleted(labHost)))
    .get()
  if (taken) throw new ApiError(409, 'labHost.taken', { name: input.name })
  const id = newId()
  const stamp = now()
  ctx.db
    .insert(labHost)
    .values({
      id,
      tenantId: '000000',
      name: input.name,
      endpoint: input.endpoint,
      maxLabs,
      tlsCa: input.tlsCa || null,
      tlsCert: input.tlsCert || null,
      tlsKey: input.tlsKey ? seal(secret, input.tlsKey) : null,
      createUser: ctx.actor.userId,
      createTime: stamp,
      updateUser: ctx.actor.userId,
      updateTime: stamp,
    })
    .run()
  fleet.forget(input.name)
  return id
}

function hostRow(ctx: Ctx, name: string) {
  const row = ctx.db
    .select()
    .from(labHost)
    .where(and(eq(labHost.name, name), notDeleted(labHost)))
    .get()
  if (!row) throw notFound()
  return row
}

/** A disabled host takes no new lab; the labs running on it carry on until they end. */
export async function setHostEnabled(ctx: Ctx, fleet: LabFleet, name: string, enabled: boolean): Promise<void> {
  await requirePlatform(ctx)
  const row = hostRow(ctx, name)
  ctx.db
    .update(labHost)
    .set({ enabled: enabled ? 1 : 0, updateUser: ctx.actor.userId, updateTime: now() })
    .where(eq(labHost.id, row.id))
    .run()
  fleet.forget(name)
}

/** Removes a host from the list; refused (409) while labs run on it. */
export async function removeHost(ctx: Ctx, fleet: LabFleet, name: string): Promise<void> {
  await requirePlatform(ctx)
  const row = hostRow(ctx, name)
  const n = ctx.db
    .select({ id: userContainer.id })
    .from(userContainer)
    .where(and(eq(userContainer.host, name), eq(userContainer.state, 'running'), notDeleted(userContainer)))
    .all().length
  if (n) throw new ApiError(409, 'labHost.busy', { name, n })
  // The name is free again for a new row: the removed one keeps its id but not the unique name.
  ctx.db
    .update(labHost)
    .set({ isDeleted: 1, name: `${row.name}#${row.id}`, updateUser: ctx.actor.userId, updateTime: now() })
    .where(eq(labHost.id, row.id))
    .run()
  fleet.forget(name)
}
