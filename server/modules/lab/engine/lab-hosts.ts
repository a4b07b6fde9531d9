import { and, eq } from 'drizzle-orm'
import { labHost } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { forbidden, notFound } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'
import { labHostResource, platformAdmin, problemText, sealedKey, setEnabled } from '../lab-host.ts'
import type { HostStatus, LabFleet } from './fleet.ts'

/**
 * The lab hosts as `atrium labs hosts` manages them: by name, through the same resource as the back office's
 * screen (`/api/hm-labHost/labHost`, server/modules/lab/lab-host.ts), so both check a host alike. They name
 * machines and keys outside any school, so only the platform administrator (tenant 000000) sees or changes them.
 * TLS/SSH keys are sealed before they are stored and never shown.
 */
export interface HostInput {
  name: string
  endpoint: string
  maxLabs?: number
  tlsCa?: string
  tlsCert?: string
  tlsKey?: string
}

export interface HostView extends Omit<HostStatus, 'problem'> {
  tls: boolean
  /** '******' when a key is stored; the key itself never leaves the appliance. */
  tlsKey: string
  /** Why the engine is unreachable, in the caller's language ('' while it answers). */
  problem: string
}

export async function listHosts(ctx: Ctx, fleet: LabFleet): Promise<HostView[]> {
  if (!(await platformAdmin(ctx))) throw forbidden()
  const rows = new Map((await ctx.db.select().from(labHost).where(notDeleted(labHost))).map((r) => [r.name, r]))
  return (await fleet.status()).map((s) => {
    const r = rows.get(s.name)
    return {
      ...s,
      tls: !!(r?.tlsCa || r?.tlsCert),
      tlsKey: r?.tlsKey ? '******' : '',
      problem: problemText(ctx, s),
    }
  })
}

export async function addHost(ctx: Ctx, fleet: LabFleet, secret: string, input: HostInput): Promise<string> {
  const row = await labHostResource.ops.submit(
    ctx,
    sealedKey(
      {
        name: input.name,
        endpoint: input.endpoint,
        maxLabs: input.maxLabs,
        tlsCa: input.tlsCa || undefined,
        tlsCert: input.tlsCert || undefined,
        tlsKey: input.tlsKey || undefined,
      },
      secret,
    ),
  )
  fleet.forget(input.name)
  return row.id
}

async function hostRow(ctx: Ctx, name: string) {
  if (!(await platformAdmin(ctx))) throw forbidden()
  const row = await first(
    ctx.db
      .select({ id: labHost.id, name: labHost.name })
      .from(labHost)
      .where(and(eq(labHost.name, name), notDeleted(labHost))),
  )
  if (!row) throw notFound()
  return row
}

/** A disabled host takes no new lab; the labs running on it carry on until they end. */
export async function setHostEnabled(ctx: Ctx, fleet: LabFleet, name: string, enabled: boolean): Promise<void> {
  await setEnabled(ctx, fleet, await hostRow(ctx, name), enabled)
}

/** Removes a host from the list; refused (409) while labs run on it. */
export async function removeHost(ctx: Ctx, fleet: LabFleet, name: string): Promise<void> {
  await labHostResource.ops.remove(ctx, (await hostRow(ctx, name)).id)
  fleet.forget(name)
}
