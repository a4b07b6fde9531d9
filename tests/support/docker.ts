/**
 * Lab suites need the real engine and the shared lab image. Without them they
 * skip with a printed reason; in CI (CI=true) that is a failure.
 */
import Docker from 'dockerode'
import { afterAll, describe, it } from 'vitest'
import { dockerSocket } from '../../server/lib/config.ts'
import { L } from '../../server/modules/lab/engine/names.ts'
import { ensureLabImage } from './lab-image.ts'

const ready = await ensureLabImage()

export function describeDocker(name: string, body: () => void) {
  if (ready.ok) return describe(name, body)
  const reason = ready.reason ?? 'no engine'
  if (process.env.CI)
    return describe(name, () =>
      it(`needs Docker: ${reason}`, () => {
        throw new Error(reason)
      }),
    )
  console.warn(`[skip] ${name}: ${reason}`)
  return describe.skipIf(true)(name, body)
}

/** Removes every container, network and volume one appliance made (tests leave the engine as they found it). */
export async function removeApplianceObjects(applianceId: string) {
  const docker = new Docker({ socketPath: dockerSocket() })
  const filters = JSON.stringify({ label: [`${L.appliance}=${applianceId}`] })
  for (const c of await docker.listContainers({ all: true, filters }))
    await docker
      .getContainer(c.Id)
      .remove({ force: true })
      .catch(() => undefined)
  for (const n of await docker.listNetworks({ filters }))
    await docker
      .getNetwork(n.Id)
      .remove()
      .catch(() => undefined)
  for (const v of (await docker.listVolumes({ filters })).Volumes ?? [])
    await docker
      .getVolume(v.Name)
      .remove({ force: true })
      .catch(() => undefined)
}

/** Registers the clean-up for a suite's appliance. */
export const cleanUpAfter = (applianceId: () => string) =>
  afterAll(async () => {
    await removeApplianceObjects(applianceId())
  })

export const engine = () => new Docker({ socketPath: dockerSocket() })
