import { api, type Page } from '../../shared/api'
import { write } from '../../shared/data'

/** The workflow services (spec §7): design and process under blade-workflow, the leave sample under blade-desk, the flow chart under blade-flow. */
export const DESIGN = '/api/blade-workflow/design'
export const PROCESS = '/api/blade-workflow/process'
export const LEAVE = '/api/blade-desk/process/leave'
export const FLOW = '/api/blade-flow'
/** The administrator's operations over every task and instance of the school. */
export const OPS = '/api/blade-workflow/ops'

/** One step of an instance's history, in the names of Saber's BladeFlow (spec §3: flow data). */
export interface FlowStep {
  historyActivityId: string
  historyActivityName?: string | null
  /** The BPMN type (userTask, startEvent, …), sequenceFlow for a flow taken, candidate for a node that may come next. */
  historyActivityType: string
  assignee?: string | null
  assigneeName?: string | null
  createTime?: string | null
  endTime?: string | null
  comment?: string | null
  action?: string | null
}

/** A task or an instance as the work lists show it. */
export interface WorkRow {
  taskId?: string
  taskName?: string
  taskDefinitionKey?: string
  assignee?: string
  assigneeName?: string
  processDefinitionId?: string
  processDefinitionKey?: string
  processDefinitionName?: string
  processDefinitionVersion?: number
  processInstanceId?: string
  businessTable?: string | null
  businessId?: string | null
  category?: string | null
  categoryName?: string | null
  createTime?: string
  endTime?: string | null
  processIsFinished?: string | boolean
  startUsername?: string
  formKey?: string | null
  [k: string]: unknown
}

/** A deployed process a user may start (process/processList). */
export interface Startable {
  id: string
  processDefinitionId?: string
  processDefinitionKey: string
  name: string
  version: number
  category?: string | null
  categoryName?: string | null
  icon?: string | null
  description?: string | null
  formKey?: string | null
}

/** What process/detail answers: the instance, its variables, its open tasks, who did what when, and the diagram's data. */
export interface ProcessDetail {
  process: WorkRow & { processInstanceId: string; status?: string }
  variables?: Record<string, unknown>
  /** The instance's open tasks. */
  tasks: WorkRow[]
  /** Every step and operation, in order, with who and when. */
  history: FlowStep[]
  /** The chart's data: nodes and flows entered (no end time = current) and the next nodes as candidates. */
  flow: FlowStep[]
  /** The definition's XML, for the diagram. */
  xml?: string
}

/** A node a task may be sent back to (process/getBackNodes). */
export interface BackNode {
  nodeId: string
  nodeName: string
}

/** The leave sample's business row. */
export interface Leave {
  id: string
  processDefinitionId?: string
  processInstanceId?: string
  startTime: string
  endTime: string
  days: number
  reason: string
  taskUser?: string
  applyTime?: string
}

/** Param routes carry their ids as base64url JSON (spec §2: /workflow/process/start/:params). */
export function encodeParams(value: Record<string, string>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let bin = ''
  bytes.forEach((b) => (bin += String.fromCharCode(b)))
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The ids of a param route, or null when the segment is not ours (a mistyped address shows "not found", not a crash). */
export function decodeParams(text: string | undefined): Record<string, string> | null {
  if (!text) return null
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))))
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : null
  } catch {
    return null
  }
}

/** Where a task or instance is handled: the leave sample has its own screens, any other process the generic ones. */
export function handlePath(row: WorkRow, readOnly: boolean): string {
  const leave = row.businessTable === 'blade_process_leave' && row.businessId
  if (leave && !readOnly && row.taskId)
    return `/work/process/leave/handle/${row.taskId}/${row.processInstanceId}/${row.businessId}`
  if (leave) return `/work/process/leave/detail/${row.processInstanceId}/${row.businessId}`
  const params: Record<string, string> = { processInstanceId: String(row.processInstanceId) }
  if (row.taskId && !readOnly) params.taskId = row.taskId
  return `/workflow/process/detail/${encodeParams(params)}`
}

/** The leave sample's process key (LEAVE_KEY of server/modules/workflow/engine/leave-sample.ts, deployed on first start). */
export const LEAVE_KEY = 'leave'

/** Where a process is started from: the leave sample's own form, else the form bound by formKey. */
export function startPath(p: Startable): string {
  const id = p.processDefinitionId ?? p.id
  if (p.processDefinitionKey === LEAVE_KEY) return `/work/process/leave/form/${id}`
  return `/workflow/process/start/${encodeParams({ processDefinitionId: id })}`
}

export const workflowApi = {
  modelDetail: (id: string) =>
    api.get<{ id: string; modelKey: string; name: string; xml: string; categoryId?: string; description?: string }>(
      `${DESIGN}/model/detail`,
      { id },
    ),
  saveModel: (body: Record<string, unknown>) => write<{ id: string }>(`${DESIGN}/model/submit`, { body }),
  deployModel: (id: string, categoryId?: string) =>
    write(`${DESIGN}/model/deploy`, { body: { id, categoryId } }, { invalidates: [`${DESIGN}/deployment`] }),
  detail: (params: { processInstanceId: string; taskId?: string }) =>
    api.get<ProcessDetail>(`${PROCESS}/detail`, params),
  startForm: (processDefinitionId: string) =>
    api.get<{ process: Startable; form?: { content?: string } | null }>(`${PROCESS}/getFormByProcessId`, {
      processDefinitionId,
    }),
  start: (body: Record<string, unknown>) =>
    write<{ processInstanceId: string }>(`${PROCESS}/startProcess`, { body }, { invalidates: [PROCESS] }),
  backNodes: (taskId: string) => api.get<BackNode[]>(`${PROCESS}/getBackNodes`, { taskId }),
  leaveDetail: (businessId: string) => api.get<Leave>(`${LEAVE}/detail`, { businessId }),
  startLeave: (body: Record<string, unknown>) =>
    write<{ id: string; processInstanceId?: string }>(`${LEAVE}/start-process`, { body }, { invalidates: [PROCESS] }),
}

/** A task operation by name (process/<name>), refreshing the work lists afterwards. */
export const taskOperation = (name: string, body: Record<string, unknown>) =>
  write(`${PROCESS}/${name}`, { body }, { invalidates: [PROCESS] })

/**
 * An administrator's operation by name (ops/<name>): the lists of ops, the work lists, the classic tracking and the
 * statistics show its effect, so all are refreshed. A refusal shows the server's message (the one api client).
 */
export const opsOperation = (name: string, body: Record<string, unknown>) =>
  write(`${OPS}/${name}`, { body }, { invalidates: [PROCESS, `${FLOW}/follow`, DESIGN] })

/** What a classic deploy writes shows in the definition lists and the processes one may start. */
const DEPLOYED = [`${FLOW}/manager`, `${DESIGN}/deployment`, PROCESS]

export const flowApi = {
  /** Deploys a classic model (blade-flow/model/deploy) to this school or, for the platform, the schools named. */
  deployModel: (modelId: string, body: { category?: string; tenantIds?: string[] }) =>
    write(`${FLOW}/model/deploy`, { body, params: { modelId } }, { invalidates: DEPLOYED }),
  /** Uploads and deploys .bpmn files (multipart, field `files`), with the category and schools. */
  upload: (files: File[], category: string, tenantIds: string[]) => {
    const form = new FormData()
    files.forEach((f) => form.append('files', f))
    if (category) form.append('category', category)
    if (tenantIds.length) form.append('tenantIds', tenantIds.join(','))
    return write(`${FLOW}/manager/deploy-upload`, { body: form }, { invalidates: DEPLOYED })
  },
}

/** Started, running and finished instances and overdue tasks (design/statistics/index), per process and in all. */
export interface StatisticsCounts {
  started: number
  running: number
  finished: number
  overdue: number
}
export interface StatisticsIndex {
  total: StatisticsCounts
  processes: (StatisticsCounts & { processKey: string; name: string })[]
}
/** The same per month (design/statistics/bar), oldest first. */
export interface StatisticsBar {
  months: string[]
  started: number[]
  finished: number[]
  overdue: number[]
}

export type { Page }
