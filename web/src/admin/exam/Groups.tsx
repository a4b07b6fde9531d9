import { examGroupFields } from '../../../../db/fields/exam'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'

/** Exam/student groups as a card grid: students are picked within the chosen classes (the server checks it). */
export default function Groups() {
  const screen: ResourceScreen = {
    base: '/api/hm-examGroup/examGroup',
    perm: 'exam:group',
    title: L('考试分组', 'Exam groups'),
    layout: 'cards',
    invalidates: ['/api/hm-paperTime/paperTime'],
    fields: screenFields(examGroupFields, {
      title: { search: true },
      category: { search: true },
      studentNumber: { form: false },
      classIds: { list: false, span: 24 },
      studentIds: { list: false, span: 24 },
      cover: { list: false },
    }),
  }
  return <ResourcePage screen={screen} />
}
