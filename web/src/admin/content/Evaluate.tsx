import { evaluateFields } from '../../../../db/fields/course'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'

const star = { width: 90, form: false }

/** Course ratings learners wrote: read, hide (status 0) or remove. */
export const evaluateScreen: ResourceScreen = {
  base: '/api/hm-courseEvaluate/courseEvaluate',
  listPath: 'page',
  perm: 'content:evaluate',
  title: L('课程评价', 'Course ratings'),
  actions: { add: false },
  fields: screenFields(evaluateFields, {
    courseName: { form: false },
    userName: { form: false, width: 110 },
    targetEvaluate: star,
    contentEvaluate: star,
    methodEvaluate: star,
    effectEvaluate: star,
    evaluate: { search: true, form: false },
    status: { width: 80 },
    createTime: { form: false, width: 170 },
  }),
}

export default function Evaluate() {
  return <ResourcePage screen={evaluateScreen} />
}
