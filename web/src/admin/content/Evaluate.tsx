import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, createTimeField } from './fields'

const star = (name: string, zh: string, en: string) => ({
  name,
  label: L(zh, en),
  type: 'number' as const,
  width: 90,
  form: false,
})

/** Course ratings learners wrote: read, hide (status 0) or remove. */
export const evaluateScreen: ResourceScreen = {
  base: '/api/hm-courseEvaluate/courseEvaluate',
  listPath: 'page',
  perm: 'content:evaluate',
  title: L('课程评价', 'Course ratings'),
  actions: { add: false },
  fields: [
    { name: 'courseName', label: L('课程', 'Course'), form: false },
    { name: 'userName', label: L('学员', 'Learner'), form: false, width: 110 },
    star('targetEvaluate', '目标', 'Objectives'),
    star('contentEvaluate', '内容', 'Content'),
    star('methodEvaluate', '方法', 'Method'),
    star('effectEvaluate', '效果', 'Effect'),
    { name: 'evaluate', label: L('评价内容', 'Comment'), search: true, type: 'textarea', form: false },
    { name: 'status', label: L('显示', 'Shown'), type: 'switch', width: 80 },
    createTimeField,
  ],
}

export default function Evaluate() {
  return <ResourcePage screen={evaluateScreen} />
}
