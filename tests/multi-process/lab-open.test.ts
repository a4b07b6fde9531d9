import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { userContainer } from '../../db/schema/index.ts'
import { closeDb, openDatabase } from '../../server/lib/db.ts'
import { L, applianceIdOf } from '../../server/modules/lab/engine/names.ts'
import { describeDocker, engine, removeApplianceObjects } from '../support/docker.ts'
import { schoolExperiments } from '../support/lab-school.ts'
import { call, signIn, startNode, stopNode, type Node } from '../support/processes.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'

/**
 * Issue #27 on real processes and a real engine: one learner's lab opened at once through two appliance processes
 * sharing the data directory ends as one running row and one container, and every open answers that lab.
 */
describeDocker('one learner’s lab opened through two processes at once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-lab-multi-'))
  if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  const nodes: Node[] = []
  let applianceId = ''

  afterAll(async () => {
    for (const n of nodes) await stopNode(n)
    if (applianceId) await removeApplianceObjects(applianceId)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('ends with one container and one running row', async () => {
    nodes.push(await startNode(dataDir))
    nodes.push(await startNode(dataDir))
    const [a, b] = nodes
    applianceId = applianceIdOf(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwtSecret)
    const token = await signIn(a, 'admin', 'admin', '100001')
    const post = (path: string, tk: string, body: unknown) => call(a, 'POST', path, { token: tk, body })
    const {
      experimentIds: [experimentId],
    } = await schoolExperiments(post, token, 1)

    const opens = await Promise.all(
      [a, b, b, a].map((n) =>
        call(n, 'GET', '/api/hm-experiment/experiment/openExperimentToContainer', { token, query: { experimentId } }),
      ),
    )
    for (const o of opens) expect(o.status, JSON.stringify(o.body)).toBe(200)

    const db = openDatabase(await applianceDatabaseConfig(dataDir))
    const rows = await db
      .select()
      .from(userContainer)
      .where(and(eq(userContainer.experimentId, experimentId), eq(userContainer.state, 'running')))
    await closeDb(db)
    expect(rows).toHaveLength(1)
    const containers = (
      await engine().listContainers({
        all: true,
        filters: JSON.stringify({ label: [`${L.appliance}=${applianceId}`, `${L.experiment}=${experimentId}`] }),
      })
    ).filter((c) => c.Labels[L.lab])
    expect(containers.map((c) => c.Id)).toEqual([rows[0].containerId])
    expect(containers[0].Labels[L.lab]).toBe(rows[0].id)
  }, 120_000)
})
