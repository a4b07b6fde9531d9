import { assistantQuestionFields } from '../../../../db/fields/assistant'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/** The audit of the school's study assistant questions: who asked what about which course, what it cited, its tokens. */
export const assistantQuestionsScreen: ResourceScreen = {
  base: '/api/blade-assistant/question',
  perm: 'assistant:question',
  listPath: 'page',
  title: L('学习助手提问记录', 'Study assistant questions'),
  actions: { add: false, edit: false, delete: false, selection: false },
  fields: screenFields(assistantQuestionFields, {
    createTime: { width: 170 },
    createUserName: { width: 110 },
    courseTitle: { search: true, width: 180 },
    question: { search: true },
    citedSections: {},
    outcome: { search: true, width: 90 },
    promptTokens: { width: 110 },
    completionTokens: { width: 110 },
    answer: { list: false, span: 24 },
  }),
}

export default function AssistantQuestions() {
  return <ResourcePage screen={assistantQuestionsScreen} />
}
