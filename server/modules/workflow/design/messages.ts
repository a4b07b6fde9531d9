import { defineMessages } from '../../../lib/messages.ts'

/** What the design side (blade-workflow/design, blade-workflow/ops, blade-flow) answers: keys workflow.design.*. */
defineMessages({
  'workflow.design.keyMismatch': {
    zh: '流程定义中的流程标识（{id}）须与模型标识（{key}）一致',
    en: 'the process id in the XML ({id}) must be the model key ({key})',
  },
  'workflow.design.keyFixed': {
    zh: '模型标识创建后不能修改',
    en: 'the model key cannot change once the model exists',
  },
  'workflow.design.formKeyFixed': {
    zh: '表单标识创建后不能修改',
    en: 'the form key cannot change once the form exists',
  },
  'workflow.design.categoryMissing': { zh: '流程分类不存在', en: 'no such process category' },
  'workflow.design.versionMissing': { zh: '版本 {version} 不存在', en: 'there is no version {version}' },
  'workflow.design.content': {
    zh: '表单内容须为字段数组（JSON）',
    en: 'the form content must be a JSON array of fields',
  },
  'workflow.design.variables': {
    zh: '表单数据须为 JSON 对象',
    en: 'the form values must be a JSON object',
  },
  'workflow.design.endBeforeStart': {
    zh: '结束时间不能早于开始时间',
    en: 'the end cannot come before the start',
  },
  'workflow.design.status': { zh: '状态须为 1（激活）或 2（挂起）', en: 'status must be 1 (active) or 2 (suspended)' },
  'workflow.design.state': {
    zh: '状态须为 active（激活）或 suspend（挂起）',
    en: 'state must be active or suspend',
  },
  'workflow.design.deploymentIds': { zh: '请选择部署', en: 'please choose the deployments' },
  'workflow.design.deploymentInUse': {
    zh: '该流程定义还有运行中的流程，不能删除',
    en: 'this process definition still has running instances and cannot be removed',
  },
  'workflow.design.scopeType': {
    zh: '发起权限的类型须为 user、role 或 dept',
    en: 'a start permission type must be user, role or dept',
  },
  'workflow.design.files': {
    zh: '请上传 .bpmn 或 .bpmn20.xml 格式的流程文件',
    en: 'please upload process files ending in .bpmn or .bpmn20.xml',
  },
  'workflow.design.tenantIds': {
    zh: '只有平台管理员可以部署到其他租户',
    en: 'only the platform administrator may deploy to other tenants',
  },
  'workflow.design.tenantMissing': { zh: '租户 {tenantId} 不存在', en: 'there is no tenant {tenantId}' },
  'workflow.design.deployed': { zh: '部署成功', en: 'deployed' },
})
