import { commonColumns, liveUnique, scopedListIndex } from './common.ts'
import { index, integer, primaryKey, table, text } from './dialect.ts'

/*
 * Workflow (issue #28; back-office spec §2 and §7, blade-workflow / blade-flow / blade-desk process). Two halves:
 *
 * Design — what staff draw and publish: categories, models (BPMN XML with its saved versions and who may start it),
 * forms (fields as data, with versions), conditions, buttons, default values, and deployments. A deployment is one
 * process definition version: its XML is stored once here and never changed, so instances already running keep
 * the definition they started on; `main_version` picks what a new start uses.
 *
 * Runtime — what runs: an instance row holds the engine's saved state (bpmn-engine getState(), without the
 * definition source) and a version every operation checks and moves on (a stale version is a 409, never a double
 * transition). Tasks, their candidates, the activity history, variables and copies are plain rows, so the
 * todo/claim/done/send/copy lists are SQL, not walks through engine state. Timers are durable jobs (blade_job).
 */

/** Process categories (design/category tree, allTree). */
export const wfCategory = table(
  'blade_wf_category',
  {
    ...commonColumns(),
    name: text().notNull(),
    parentId: text().notNull().default('0'),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('wf_category', t)],
)

/** A process model being designed: its current XML; each save is kept in wfModelHistory. */
export const wfModel = table(
  'blade_wf_model',
  {
    ...commonColumns(),
    /** The BPMN process id new deployments of this model get (`<process id=…>`): letters, digits, _ and -. */
    modelKey: text().notNull(),
    name: text().notNull(),
    description: text(),
    categoryId: text(),
    icon: text(),
    xml: text().notNull(),
    /** Number of the latest saved version (wfModelHistory.version). */
    version: integer().notNull().default(1),
  },
  (t) => [scopedListIndex('wf_model', t), liveUnique('ux_wf_model_key', t.tenantId, t.modelKey)],
)

/** Every saved version of a model's XML (design/model/history, setMainVersion). */
export const wfModelHistory = table(
  'blade_wf_model_history',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    modelId: text().notNull(),
    version: integer().notNull(),
    xml: text().notNull(),
    createUser: text(),
    createTime: text(),
  },
  (t) => [index('ix_wf_model_history').on(t.modelId, t.version)],
)

/**
 * Who may start a model's process (design/model/scope): type 'user' | 'role' | 'dept' with the id in val. A model
 * without rows may be started by anyone in its school.
 */
export const wfModelScope = table(
  'blade_wf_model_scope',
  {
    ...commonColumns(),
    modelId: text().notNull(),
    type: text().notNull(),
    val: text().notNull(),
    /** The name shown beside the id (a user's, role's or department's). */
    text: text(),
  },
  (t) => [index('ix_wf_model_scope').on(t.modelId)],
)

/**
 * One deployed process definition version (design/deployment, blade-flow/manager). id is the processDefinitionId
 * `<processKey>:<version>:<snowflake>`; the XML is stored here once. status 1 active, 2 suspended (no new starts).
 */
export const wfDeployment = table(
  'blade_wf_deployment',
  {
    ...commonColumns(),
    modelId: text(),
    processKey: text().notNull(),
    name: text().notNull(),
    version: integer().notNull(),
    categoryId: text(),
    icon: text(),
    description: text(),
    xml: text().notNull(),
    /** The start form (design/form formKey) of the definition's start event, if any. */
    formKey: text(),
    /** 1 = the version new starts of processKey use. */
    mainVersion: integer().notNull().default(0),
    deployTime: text(),
  },
  (t) => [
    scopedListIndex('wf_deployment', t),
    liveUnique('ux_wf_deployment_version', t.tenantId, t.processKey, t.version),
  ],
)

/** A form designed once and bound to a start event or task by formKey; content is its fields as JSON. */
export const wfForm = table(
  'blade_wf_form',
  {
    ...commonColumns(),
    formKey: text().notNull(),
    name: text().notNull(),
    categoryId: text(),
    /** JSON: the fields (db/fields-like descriptors the back office's field editors render). */
    content: text().notNull().default('[]'),
    version: integer().notNull().default(1),
    /**
     * The theme (wfFormTheme.themeKey) the filled form is shown in. Chosen with the form at design time, since how a
     * form looks filled is part of its design; each variable row records the key it was filled under.
     */
    themeKey: text(),
  },
  (t) => [scopedListIndex('wf_form', t), liveUnique('ux_wf_form_key', t.tenantId, t.formKey)],
)

/**
 * How a filled form looks (design/form/theme): borders, label and value colours and sizes. The values reach other
 * users' browsers as CSS, so the theme's fields admit only colours and sizes (db/fields/workflow.ts).
 */
export const wfFormTheme = table(
  'blade_wf_form_theme',
  {
    ...commonColumns(),
    name: text().notNull(),
    themeKey: text().notNull(),
    borderWidth: text(),
    borderColor: text(),
    labelColor: text(),
    labelBg: text(),
    labelWidth: text(),
    labelFontSize: text(),
    valueColor: text(),
    valueBg: text(),
    valueFontSize: text(),
  },
  (t) => [scopedListIndex('wf_form_theme', t), liveUnique('ux_wf_form_theme_key', t.tenantId, t.themeKey)],
)

/**
 * A form as it was filled (design/form/variable): written in the transaction of the start or the task completion
 * that submitted it, with the form's content and theme key then and the values submitted. A record: never edited.
 */
export const wfFormVariable = table(
  'blade_wf_form_variable',
  {
    ...commonColumns(),
    processInsId: text().notNull(),
    deploymentId: text().notNull(),
    /** The completed task; none for the start form. */
    taskId: text(),
    taskDefKey: text().notNull(),
    taskName: text(),
    formKey: text().notNull(),
    themeKey: text(),
    /** JSON: the form's fields as they were. */
    formOption: text().notNull(),
    /** JSON: the values submitted. */
    formVariable: text().notNull(),
  },
  (t) => [scopedListIndex('wf_form_variable', t), index('ix_wf_form_variable_ins').on(t.processInsId)],
)

/** Every saved version of a form (design/form/history, setMainVersion). */
export const wfFormHistory = table(
  'blade_wf_form_history',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    formId: text().notNull(),
    version: integer().notNull(),
    content: text().notNull(),
    createUser: text(),
    createTime: text(),
  },
  (t) => [index('ix_wf_form_history').on(t.formId, t.version)],
)

/** Default values a form field can take (design/form/default-values): e.g. "the signed-in user's department". */
export const wfFormDefault = table(
  'blade_wf_form_default_values',
  {
    ...commonColumns(),
    name: text().notNull(),
    /** What kind of field it fills (a listType group). */
    type: text().notNull(),
    /** The value or the expression that gives it (e.g. ${user.deptName}). */
    content: text().notNull(),
  },
  (t) => [scopedListIndex('wf_form_default', t)],
)

/** Reusable flow conditions (design/condition): `${days > 3}` style expressions shown by name in the modeller. */
export const wfCondition = table(
  'blade_wf_condition',
  {
    ...commonColumns(),
    name: text().notNull(),
    type: text().notNull(),
    expression: text().notNull(),
  },
  (t) => [scopedListIndex('wf_condition', t)],
)

/** The buttons a task form may show (design/button): approve, reject, transfer, delegate, … */
export const wfButton = table(
  'blade_wf_button',
  {
    ...commonColumns(),
    buttonKey: text().notNull(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    /** 1 shown by default on task forms. */
    display: integer().notNull().default(1),
  },
  (t) => [scopedListIndex('wf_button', t), liveUnique('ux_wf_button_key', t.tenantId, t.buttonKey)],
)

/** A start form saved before starting (design/process/draft): one per user and definition. */
export const wfDraft = table(
  'blade_wf_process_draft',
  {
    ...commonColumns(),
    processDefinitionId: text().notNull(),
    /** JSON: the form's values. */
    variables: text().notNull().default('{}'),
  },
  (t) => [scopedListIndex('wf_draft', t), index('ix_wf_draft_owner').on(t.createUser, t.processDefinitionId)],
)

/** The leave sample's business rows (design/process/leave, blade-desk/process/leave). */
export const processLeave = table(
  'blade_process_leave',
  {
    ...commonColumns(),
    processDefinitionId: text(),
    processInstanceId: text(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    days: integer().notNull(),
    reason: text().notNull(),
    /** The approving manager chosen on the form (a user id). */
    taskUser: text(),
    applyTime: text(),
  },
  (t) => [scopedListIndex('process_leave', t), index('ix_process_leave_instance').on(t.processInstanceId)],
)

/**
 * A running or ended process instance. id is the processInstanceId. state is the engine's saved state as JSON
 * (without the definition: that is read from wfDeployment by definitionId); version moves on with every operation.
 * status: running | suspended | finished | terminated.
 */
export const wfInstance = table(
  'blade_wf_instance',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    definitionId: text().notNull(),
    processKey: text().notNull(),
    /** Title shown in lists: the definition's name and the initiator's, unless the start gave one. */
    name: text().notNull(),
    businessTable: text(),
    businessId: text(),
    initiator: text().notNull(),
    initiatorDept: text(),
    status: text().notNull().default('running'),
    state: text().notNull(),
    version: integer().notNull().default(1),
    startTime: text().notNull(),
    endTime: text(),
    /** Why it ended early (terminate, delete) — shown in its history. */
    endReason: text(),
    updateTime: text(),
    /**
     * A call activity's instance: the calling instance and the call activity's execution there, which the child's
     * end signals so the parent continues (null for an instance started on its own).
     */
    parentId: text(),
    parentExecutionId: text(),
  },
  (t) => [
    index('ix_wf_instance_list').on(t.tenantId, t.status, t.id),
    index('ix_wf_instance_parent').on(t.parentId),
    index('ix_wf_instance_initiator').on(t.initiator, t.id),
    index('ix_wf_instance_business').on(t.businessTable, t.businessId),
    index('ix_wf_instance_definition').on(t.definitionId),
  ],
)

/**
 * A user task, open (status 'todo') or ended ('done', 'cancelled'). executionId is the engine's id of the waiting
 * activity execution the operation signals. owner and delegation follow Flowable: a delegated task keeps its owner
 * and delegation 'pending' until the delegate resolves it ('resolved'), when it returns to the owner.
 */
export const wfTask = table(
  'blade_wf_task',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    instanceId: text().notNull(),
    definitionId: text().notNull(),
    /** The BPMN activity id (taskDefinitionKey). */
    taskKey: text().notNull(),
    name: text().notNull(),
    executionId: text().notNull(),
    assignee: text(),
    owner: text(),
    delegation: text(),
    formKey: text(),
    status: text().notNull().default('todo'),
    suspended: integer().notNull().default(0),
    priority: integer().notNull().default(50),
    dueTime: text(),
    createTime: text().notNull(),
    claimTime: text(),
    endTime: text(),
    /** How it ended: complete, reject (rollback), transfer, terminate, withdraw, delete… */
    action: text(),
    comment: text(),
  },
  (t) => [
    // id last: a to-do page (newest first) reads its ten rows in index order instead of sorting all the user's open tasks.
    index('ix_wf_task_todo').on(t.tenantId, t.status, t.assignee, t.id),
    index('ix_wf_task_instance').on(t.instanceId, t.status),
  ],
)

/** Who may claim an unassigned task: type 'user' | 'role' | 'dept' and the id, so claim lists are a join. */
export const wfTaskCandidate = table(
  'blade_wf_task_candidate',
  {
    taskId: text().notNull(),
    type: text().notNull(),
    val: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.type, t.val] }), index('ix_wf_task_candidate_val').on(t.type, t.val)],
)

/** What happened in an instance, in order: each activity entered and left, with who acted and their comment. */
export const wfHistory = table(
  'blade_wf_history',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    instanceId: text().notNull(),
    activityId: text().notNull(),
    activityName: text(),
    /** The BPMN type without prefix: startEvent, userTask, exclusiveGateway, sequenceFlow, endEvent, … */
    activityType: text().notNull(),
    taskId: text(),
    assignee: text(),
    action: text(),
    comment: text(),
    startTime: text().notNull(),
    endTime: text(),
  },
  // A task's end writes its history row by task id (store.ts endTasks): without an index that scanned the whole
  // history on every completion (1.9 ms a completion at 11,000 instances, growing with the school's history).
  (t) => [index('ix_wf_history_instance').on(t.instanceId, t.startTime), index('ix_wf_history_task').on(t.taskId)],
)

/** Process variables by name (JSON values), readable by conditions and forms. */
export const wfVariable = table(
  'blade_wf_variable',
  {
    instanceId: text().notNull(),
    name: text().notNull(),
    tenantId: text().notNull().default('000000'),
    /** JSON. */
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.name] })],
)

/** A task copied (cc) to a user: it shows in their copy list. */
export const wfCopy = table(
  'blade_wf_copy',
  {
    id: text().primaryKey(),
    tenantId: text().notNull().default('000000'),
    instanceId: text().notNull(),
    taskId: text(),
    userId: text().notNull(),
    fromUser: text().notNull(),
    createTime: text().notNull(),
    readTime: text(),
  },
  (t) => [index('ix_wf_copy_user').on(t.userId, t.id)],
)
