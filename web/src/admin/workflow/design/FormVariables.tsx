import ResourcePage from '../../../shared/resource/ResourcePage'
import type { Field, ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'

/** The columns of a filled form's record; the forms themselves show in each process's detail. */
const FIELDS: Field[] = [
  { name: 'processInsId', label: L('流程实例', 'Process instance'), search: true, width: 180 },
  { name: 'taskName', label: L('节点', 'Step') },
  { name: 'taskDefKey', label: L('节点标识', 'Step key'), width: 140 },
  { name: 'formKey', label: L('表单标识', 'Form key'), width: 140 },
  { name: 'createUsername', label: L('提交人', 'Submitted by'), width: 120 },
  { name: 'createTime', label: L('提交时间', 'Submitted at'), width: 170 },
  { name: 'formVariable', label: L('提交的值', 'Values submitted'), list: false, span: 24 },
]

/**
 * Filled forms (design/form/variable), the administrator's list of every form submitted in the school: records, so
 * no add or edit — only viewing and removing one.
 */
export default function FormVariables() {
  const screen: ResourceScreen = {
    base: `${DESIGN}/form/variable`,
    perm: 'workflow:design:form:variable',
    title: L('历史变量', 'Filled forms'),
    fields: FIELDS,
    actions: { add: false, edit: false },
  }
  return <ResourcePage screen={screen} />
}
