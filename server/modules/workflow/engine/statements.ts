/**
 * The reads and writes every start and every completion makes, compiled once per database handle (lib/prepared.ts):
 * building them through the query builder on each request was a fifth of a completion's CPU — rows of twenty
 * columns, the tenant bound, each rendered to SQL again. A run only binds and steps. (Inserts: insertRows.)
 */
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import { user, wfDeployment, wfHistory, wfInstance, wfTask, wfVariable } from '../../../../db/schema/index.ts'
import type { Db } from '../../../lib/db.ts'
import { bound, listParam, prepared } from '../../../lib/prepared.ts'
import { publicRows, tenantRows } from '../../../lib/tenant-rows.ts'

/**
 * Runtime rows are bounded by the school only: who may see or act on a task or an instance is the operation's
 * check (assignee, candidate, initiator, administrator), not a data scope.
 */
export const PARTICIPANTS = {
  why: 'who may act on a task or read an instance is decided by the operation: assignee, candidate, initiator, administrator',
}
const STARTABLE = {
  why: 'whoever works in the school may start its definitions; the model scope is checked by the operation',
}

const id = sql.placeholder('id')
const tenantId = sql.placeholder('tenantId')

/** A deployment's columns but its XML (read apart, once per process: deploymentXml below). */
const { xml: _xml, ...light } = getTableColumns(wfDeployment)

export const wfReads = (db: Db) =>
  prepared(db, 'wf.reads', (d) => ({
    task: d
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.id, id), tenantRows(wfTask, tenantId, PARTICIPANTS)))
      .prepare(),
    instance: d
      .select()
      .from(wfInstance)
      .where(and(eq(wfInstance.id, id), tenantRows(wfInstance, tenantId, PARTICIPANTS)))
      .prepare(),
    deployment: d.select(light).from(wfDeployment).where(eq(wfDeployment.id, id)).prepare(),
    xml: d.select({ xml: wfDeployment.xml }).from(wfDeployment).where(eq(wfDeployment.id, id)).prepare(),
    /** The definition a start by id runs: one of the school's. */
    startable: d
      .select(light)
      .from(wfDeployment)
      .where(and(publicRows(wfDeployment, tenantId, STARTABLE), eq(wfDeployment.id, id)))
      .prepare(),
    /** The main version of a key, which starts by key run. */
    startableMain: d
      .select(light)
      .from(wfDeployment)
      .where(
        and(
          publicRows(wfDeployment, tenantId, STARTABLE),
          eq(wfDeployment.processKey, sql.placeholder('key')),
          eq(wfDeployment.mainVersion, 1),
        ),
      )
      .prepare(),
    vars: d.select().from(wfVariable).where(eq(wfVariable.instanceId, id)).prepare(),
    openTasks: d
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, id), eq(wfTask.status, 'todo')))
      .orderBy(asc(wfTask.id))
      .prepare(),
    realName: d.select({ realName: user.realName }).from(user).where(eq(user.id, id)).prepare(),
  }))

/** The version check and the state a turn leaves: only if nobody moved the instance since it was loaded. */
const sameVersion = and(eq(wfInstance.id, id), eq(wfInstance.version, sql.placeholder('version')))
const nextVersion = { version: sql`${wfInstance.version} + 1`, updateTime: bound('updateTime') }

/** An ended task's history row: when, how and with what comment (and, for the acted one, by whom). */
const ended = { endTime: bound('endTime'), action: bound('action'), comment: bound('comment') }
const openHistory = and(
  inArray(wfHistory.taskId, listParam('ids')),
  eq(wfHistory.activityType, 'userTask'),
  isNull(wfHistory.endTime),
)

export const wfWrites = (db: Db) =>
  prepared(db, 'wf.writes', (d) => ({
    /** A turn that leaves the instance running: its new state. */
    moved: d
      .update(wfInstance)
      .set({ state: bound('state'), ...nextVersion })
      .where(sameVersion)
      .prepare(),
    /** A turn that ends it. */
    ended: d
      .update(wfInstance)
      .set({
        state: bound('state'),
        status: bound('status'),
        endReason: bound('endReason'),
        endTime: bound('endTime'),
        ...nextVersion,
      })
      .where(sameVersion)
      .prepare(),
    endTasks: d
      .update(wfTask)
      .set({ status: bound('status'), action: bound('action'), comment: bound('comment'), endTime: bound('endTime') })
      .where(and(inArray(wfTask.id, listParam('ids')), eq(wfTask.status, 'todo')))
      .prepare(),
    endTaskHistory: d.update(wfHistory).set(ended).where(openHistory).prepare(),
    endTaskHistoryBy: d
      .update(wfHistory)
      .set({ ...ended, assignee: bound('assignee') })
      .where(openHistory)
      .prepare(),
  }))

type DeploymentRow = typeof wfDeployment.$inferSelect

/**
 * Deployments' XML by id, kept in this process: a deployment's XML never changes, and reading it (the row's largest
 * column, past its overflow pages) with every start and completion cost more than the rest of the row.
 */
const xmls = new Map<string, string>()
const XMLS_MAX = 200

/** A deployment row read without its XML, completed from the process's copy (read once when missing). */
export async function withXml(db: Db, row: Omit<DeploymentRow, 'xml'> | undefined): Promise<DeploymentRow | undefined> {
  if (!row) return undefined
  let xml = xmls.get(row.id)
  if (xml === undefined) {
    const [r] = await wfReads(db).xml.execute({ id: row.id })
    if (!r) return undefined
    xml = r.xml
    if (xmls.size >= XMLS_MAX) xmls.delete(xmls.keys().next().value as string)
    xmls.set(row.id, xml)
  }
  return { ...row, xml }
}
