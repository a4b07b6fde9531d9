import { COMMON, defineFields, L } from './types.ts'

/**
 * The study assistant's model endpoint (blade-assistant/config), platform administrators only. The key is never
 * answered: the form leaves it empty, an empty key on edit keeps the stored one, and `apiKeyMask` shows its last
 * four characters.
 */
export const assistantConfigFields = defineFields({
  baseUrl: {
    label: L('接口地址（OpenAI 兼容，含 /v1）', 'API address (OpenAI-compatible, with /v1)'),
    required: L('请输入接口地址', 'please enter the API address'),
    rules: ['url'],
    max: 255,
  },
  model: { label: L('模型名称', 'Model'), required: L('请输入模型名称', 'please enter the model'), max: 128 },
  apiKey: { label: L('API 密钥（留空不修改）', 'API key (empty = unchanged)'), type: 'password', max: 512 },
  apiKeyMask: { label: L('API 密钥', 'API key') },
  dailyQuota: {
    label: L(
      '每个学校每日提问上限（默认值；某校自己的额度在租户授权配置中设置）',
      "Questions per school per day (the default; a school's own is set in its tenant licence)",
    ),
    type: 'number',
    required: true,
    default: 200,
    range: { min: 1, max: 1000000, integer: true },
  },
  enabled: {
    label: L('已启用', 'Enabled'),
    type: 'select',
    default: 0,
    options: [
      { value: 1, label: L('启用', 'On') },
      { value: 0, label: L('停用', 'Off') },
    ],
  },
  remark: COMMON.remark,
})

/** The audit of questions asked (blade-assistant/question): read-only rows the ask verb writes. */
export const assistantQuestionFields = defineFields({
  createUserName: { label: L('提问人', 'Asked by') },
  createTime: { label: L('提问时间', 'Asked at'), type: 'datetime' },
  courseTitle: { label: L('课程', 'Course') },
  question: { label: L('问题', 'Question'), type: 'textarea', max: 1000 },
  citedSections: { label: L('引用章节', 'Cited sections') },
  answer: { label: L('回答', 'Answer'), type: 'textarea' },
  outcome: {
    label: L('结果', 'Outcome'),
    type: 'select',
    options: [
      { value: 'answered', label: L('已回答', 'Answered') },
      { value: 'failed', label: L('失败', 'Failed') },
    ],
  },
  promptTokens: { label: L('提示词元数', 'Prompt tokens'), type: 'number' },
  completionTokens: { label: L('回答词元数', 'Answer tokens'), type: 'number' },
})
