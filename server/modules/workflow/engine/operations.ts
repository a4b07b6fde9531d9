/**
 * The workflow operations every caller uses — the blade-workflow/process routes, the ops routes, blade-flow and
 * the desk's leave form — each taking the caller's ctx (user, tenant, roles, departments: the actor) and its input,
 * checking who may act (assignee, candidate by user/role/department, initiator, administrator) within the caller's
 * school, and recording history with who and when.
 */
import './messages.ts'

export { deployDefinition, type DeployInput } from './deploy.ts'
export {
  startProcess,
  completeTask,
  resolveTask,
  getBackNodes,
  rollbackTask,
  withdrawTask,
  terminateProcess,
  deleteProcess,
  addMultiInstance,
  deleteMultiInstance,
  type StartInput,
  type CompleteInput,
} from './task-ops.ts'
export {
  claimTask,
  transferTask,
  delegateTask,
  copyTask,
  urgeTask,
  changeTaskStatus,
  changeTaskAssignee,
  dispatchTask,
} from './assign-ops.ts'
export { isWorkflowAdmin, candidateKeys } from './store.ts'
