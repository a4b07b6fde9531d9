import { assistantConfigFields } from '../../../../db/fields/assistant'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/**
 * The study assistant's model endpoint (platform administrators): any OpenAI-compatible chat-completions server, the
 * key never shown (its last four characters are; blank on edit keeps it), the address through the outbound policy.
 */
export const assistantConfigScreen: ResourceScreen = {
  base: '/api/blade-assistant/config',
  perm: 'assistant:config',
  title: L('学习助手模型', 'Study assistant model'),
  fields: screenFields(assistantConfigFields, {
    baseUrl: { span: 24 },
    model: {},
    apiKey: { list: false, view: false },
    apiKeyMask: { form: false, width: 120 },
    dailyQuota: { width: 150 },
    enabled: { width: 90 },
    remark: { list: false, span: 24 },
  }),
}

export default function AssistantConfig() {
  return <ResourcePage screen={assistantConfigScreen} />
}
