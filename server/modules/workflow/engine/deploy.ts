import { and, eq, max } from 'drizzle-orm'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { wfDeployment } from '../../../../db/schema/index.ts'
import { conflict } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { now } from '../../../lib/time.ts'
import type { Tx } from '../../../lib/transaction.ts'
import { first } from '../../../lib/rows.ts'
import { parseDefinition } from './definitions.ts'
import { checkTimers } from './timer-jobs.ts'

const NUMBERING = {
  why: 'versions are numbered per school and key, over every deployment ever made',
  withDeleted: true,
}

export interface DeployInput {
  tenantId: string
  xml: unknown
  modelId?: string | null
  /** Shown name; the process's own name (or its key) when left out. */
  name?: string | null
  categoryId?: string | null
  icon?: string | null
  description?: string | null
  userId: string
  deptId?: string | null
}

/**
 * Deploys a definition: parses and validates the XML and its timers (400 naming `xml`), takes the process id as its
 * key, numbers the version after the tenant's latest of that key and makes it the main version (what new starts
 * use). Runs in the caller's transaction; two deployments of one key at once meet the live unique index on (tenant,
 * key, version) and the later answers 409.
 */
export async function deployDefinition(
  tx: Tx,
  input: DeployInput,
): Promise<{ id: string; processKey: string; version: number; name: string }> {
  const graph = await parseDefinition(input.xml)
  checkTimers(graph)
  const xml = input.xml as string
  const key = graph.processKey
  const latest = await first(
    tx
      .select({ v: max(wfDeployment.version) })
      .from(wfDeployment)
      .where(and(tenantRows(wfDeployment, input.tenantId, NUMBERING), eq(wfDeployment.processKey, key))),
  )
  const version = Number(latest?.v ?? 0) + 1
  const id = `${key}:${version}:${newId()}`
  const stamp = now()
  const name = input.name?.trim() || graph.name || key
  await tx
    .update(wfDeployment)
    .set({ mainVersion: 0 })
    .where(and(tenantRows(wfDeployment, input.tenantId, NUMBERING), eq(wfDeployment.processKey, key)))
  try {
    await tx.insert(wfDeployment).values({
      id,
      tenantId: input.tenantId,
      modelId: input.modelId ?? null,
      processKey: key,
      name,
      version,
      categoryId: input.categoryId ?? null,
      icon: input.icon ?? null,
      description: input.description ?? null,
      xml,
      formKey: graph.startFormKey ?? null,
      mainVersion: 1,
      deployTime: stamp,
      status: 1,
      createUser: input.userId,
      createDept: input.deptId ?? null,
      createTime: stamp,
      updateUser: input.userId,
      updateTime: stamp,
    })
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error)?.message ?? err))) throw conflict('workflow.deployClash')
    throw err
  }
  return { id, processKey: key, version, name }
}
