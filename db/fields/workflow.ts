import { COMMON, defineFields, L, type FieldDef } from './types.ts'

/*
 * Workflow design (blade-workflow/design) and the classic engine's model (blade-flow/model): what staff enter for
 * categories, models, forms, conditions, buttons, default values, drafts and the leave sample.
 */

/**
 * A BPMN id (`<process id=…>`, a form's key): an XML name without ':' (a processDefinitionId is
 * `<key>:<version>:<id>`), so letters, digits, _ and -, beginning with a letter or _.
 */
export const BPMN_ID = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/

const category: FieldDef = {
  label: L('流程分类', 'Category'),
  type: 'tree',
  tree: { url: '/api/blade-workflow/design/category/tree' },
}

/** Process categories (design/category). */
export const wfCategoryFields = defineFields({
  name: { label: L('分类名称', 'Name'), required: true, max: 64 },
  parentId: {
    label: L('上级分类', 'Parent'),
    type: 'tree',
    tree: { url: '/api/blade-workflow/design/category/tree' },
  },
  sort: { label: L('排序', 'Order'), type: 'number', range: { min: 0, max: 9999, integer: true }, default: 0 },
  remark: COMMON.remark,
})

/** Process models (design/model, blade-flow/model). */
export const wfModelFields = defineFields({
  modelKey: {
    label: L('模型标识', 'Model key'),
    required: L('请输入模型标识', 'please enter the model key'),
    max: 64,
    pattern: {
      test: BPMN_ID,
      message: L(
        '模型标识须以字母或 _ 开头，只能包含字母、数字、_ 和 -，最长 64 位',
        'the model key must begin with a letter or _ and hold only letters, digits, _ and -, at most 64 characters',
      ),
    },
  },
  name: { label: L('模型名称', 'Name'), required: true, max: 100 },
  categoryId: category,
  icon: { label: L('图标', 'Icon'), max: 255 },
  description: { label: L('描述', 'Description'), type: 'textarea', max: 500 },
  xml: { label: L('流程定义', 'Definition (BPMN XML)'), type: 'textarea', max: 1_000_000 },
})

/** Forms bound to start events and tasks by formKey (design/form). */
export const wfFormFields = defineFields({
  formKey: {
    label: L('表单标识', 'Form key'),
    required: L('请输入表单标识', 'please enter the form key'),
    max: 64,
    pattern: {
      test: BPMN_ID,
      message: L(
        '表单标识须以字母或 _ 开头，只能包含字母、数字、_ 和 -，最长 64 位',
        'the form key must begin with a letter or _ and hold only letters, digits, _ and -, at most 64 characters',
      ),
    },
  },
  name: { label: L('表单名称', 'Name'), required: true, max: 100 },
  categoryId: category,
  content: { label: L('表单内容', 'Fields (JSON)'), type: 'textarea', max: 200_000, default: '[]' },
  themeKey: {
    label: L('表单主题', 'Theme'),
    max: 64,
    pattern: {
      test: BPMN_ID,
      message: L('表单主题须为一个主题标识', 'the theme must be a theme key'),
    },
  },
  remark: COMMON.remark,
})

/*
 * A theme's values become CSS in other users' browsers, so each is a colour or a size and nothing else: these
 * anchored shapes admit no `;`, `}`, `url(` or anything past the value. A size is also bounded per unit
 * (themeSizeProblem), so no theme blows a form up past the page.
 */
const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const ALPHA = '(?:0|1|0?\\.\\d{1,3}|1\\.0{1,3})'
/** #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, a) with numbers. */
export const THEME_COLOUR = new RegExp(
  `^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgb\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*\\)|rgba\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${ALPHA}\\s*\\))$`,
)
/** A number with px, em, rem or %. */
export const THEME_SIZE = /^(\d{1,3}(?:\.\d{1,2})?)(px|em|rem|%)$/
/** The largest size each unit may take. */
const SIZE_MAX: Record<string, number> = { px: 400, em: 20, rem: 20, '%': 100 }

/** Whether a size breaks its shape or its unit's bound (empty is no problem: the default applies). */
export function themeSizeProblem(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false
  const m = typeof v === 'string' ? THEME_SIZE.exec(v) : null
  return !m || Number(m[1]) > SIZE_MAX[m[2]!]!
}

const colour = (zh: string, en: string): FieldDef => ({
  label: L(zh, en),
  max: 40,
  pattern: {
    test: THEME_COLOUR,
    message: L(
      `${zh}须为 #rgb、#rrggbb、#rrggbbaa、rgb() 或 rgba() 颜色`,
      `${en.toLowerCase()} must be a colour: #rgb, #rrggbb, #rrggbbaa, rgb() or rgba()`,
    ),
  },
})
const size = (zh: string, en: string): FieldDef => ({
  label: L(zh, en),
  max: 12,
  pattern: {
    test: THEME_SIZE,
    message: L(
      `${zh}须为数字加 px、em、rem 或 %（至多 400px、20em、20rem、100%）`,
      `${en.toLowerCase()} must be a number with px, em, rem or % (at most 400px, 20em, 20rem, 100%)`,
    ),
  },
})

/** Form themes (design/form/theme): how a filled form looks. */
export const wfFormThemeFields = defineFields({
  name: { label: L('主题名称', 'Name'), required: true, max: 64 },
  themeKey: {
    label: L('主题标识', 'Theme key'),
    required: L('请输入主题标识', 'please enter the theme key'),
    max: 64,
    pattern: {
      test: BPMN_ID,
      message: L(
        '主题标识须以字母或 _ 开头，只能包含字母、数字、_ 和 -，最长 64 位',
        'the theme key must begin with a letter or _ and hold only letters, digits, _ and -, at most 64 characters',
      ),
    },
  },
  borderWidth: size('边框宽度', 'Border width'),
  borderColor: colour('边框颜色', 'Border colour'),
  labelColor: colour('标签颜色', 'Label colour'),
  labelBg: colour('标签背景', 'Label background'),
  labelWidth: size('标签宽度', 'Label width'),
  labelFontSize: size('标签字号', 'Label font size'),
  valueColor: colour('内容颜色', 'Value colour'),
  valueBg: colour('内容背景', 'Value background'),
  valueFontSize: size('内容字号', 'Value font size'),
  remark: COMMON.remark,
})

/** Default values a form field can take (design/form/default-values). */
export const wfFormDefaultFields = defineFields({
  name: { label: L('名称', 'Name'), required: true, max: 64 },
  type: {
    label: L('类型', 'Type'),
    type: 'dict',
    dict: { code: 'wf_default_value_type', biz: true },
    required: true,
    max: 32,
  },
  content: { label: L('值', 'Value'), required: true, max: 500 },
  remark: COMMON.remark,
})

/** Reusable conditions and assignee expressions (design/condition). */
export const wfConditionFields = defineFields({
  name: { label: L('名称', 'Name'), required: true, max: 64 },
  type: {
    label: L('类型', 'Type'),
    type: 'dict',
    dict: { code: 'wf_condition_type', biz: true },
    required: true,
    max: 32,
  },
  expression: {
    label: L('表达式', 'Expression'),
    required: true,
    max: 500,
    pattern: {
      test: /^\$\{[^{}]+\}$/,
      message: L('表达式须写成 ${…}，例如 ${days > 3}', 'the expression must be written as ${…}, e.g. ${days > 3}'),
    },
  },
  remark: COMMON.remark,
})

/** Buttons a task form may show (design/button). */
export const wfButtonFields = defineFields({
  buttonKey: {
    label: L('按钮标识', 'Button key'),
    required: L('请输入按钮标识', 'please enter the button key'),
    max: 64,
    pattern: {
      test: /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
      message: L(
        '按钮标识须以字母开头，只能包含字母、数字和 _',
        'the button key must begin with a letter and hold only letters, digits and _',
      ),
    },
  },
  name: { label: L('按钮名称', 'Name'), required: true, max: 64 },
  sort: { label: L('排序', 'Order'), type: 'number', range: { min: 0, max: 9999, integer: true }, default: 0 },
  display: {
    label: L('默认显示', 'Shown by default'),
    type: 'select',
    options: [
      { value: 1, label: L('是', 'Yes') },
      { value: 0, label: L('否', 'No') },
    ],
    default: 1,
  },
  status: COMMON.status,
  remark: COMMON.remark,
})

/** A start form saved before starting (design/process/draft). */
export const wfDraftFields = defineFields({
  processDefinitionId: { label: L('流程定义', 'Process definition'), required: true, max: 200 },
  variables: { label: L('表单数据', 'Form values (JSON)'), type: 'textarea', max: 100_000, default: '{}' },
})

/** The leave sample's requests (design/process/leave). */
export const processLeaveFields = defineFields({
  startTime: { label: L('开始时间', 'Start'), type: 'datetime', required: true },
  endTime: { label: L('结束时间', 'End'), type: 'datetime', required: true },
  days: {
    label: L('请假天数', 'Days'),
    type: 'number',
    required: true,
    range: { min: 1, max: 365, integer: true },
  },
  reason: { label: L('请假理由', 'Reason'), type: 'textarea', required: true, max: 500 },
  taskUser: { label: L('审批人', 'Approver'), max: 20 },
  processDefinitionId: { label: L('流程定义', 'Process definition'), max: 200 },
  processInstanceId: { label: L('流程实例', 'Process instance'), max: 40 },
})

/** Deployed process definitions (design/deployment, blade-flow/manager): read and shown, written by deploy only. */
export const wfDeploymentFields = defineFields({
  name: { label: L('流程名称', 'Name'), max: 100 },
  processKey: { label: L('流程标识', 'Process key'), max: 64 },
  version: { label: L('版本', 'Version'), type: 'number' },
  categoryId: category,
  mainVersion: {
    label: L('主版本', 'Main version'),
    type: 'select',
    options: [
      { value: 1, label: L('是', 'Yes') },
      { value: 0, label: L('否', 'No') },
    ],
  },
  status: {
    label: L('状态', 'Status'),
    type: 'dict',
    dict: { code: 'wf_deployment_status' },
  },
  deployTime: { label: L('部署时间', 'Deployed'), type: 'datetime' },
})
