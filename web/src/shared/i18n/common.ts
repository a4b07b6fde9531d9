import { PHONE_EMPTY, RULES } from '../../../../db/fields/types'

/** Texts every screen shares: CRUD verbs, the spec's §8 messages, validation. */
export default {
  zh: {
    ok: '确定', cancel: '取消', confirm: '确认', close: '关闭', save: '保存', submit: '提交', reset: '重置', search: '搜索',
    add: '新增', edit: '编辑', delete: '删除', view: '查看', refresh: '刷新', actions: '操作', more: '更多', back: '返回',
    yes: '是', no: '否', previous: '上一页', next: '下一页', loading: '加载中…', empty: '暂无数据', total: '共 {{total}} 条', pageSize: '{{size}} 条/页', perPage: '每页条数',
    addedSuccessfully: '新增成功', updatedSuccessfully: '修改成功', deletedSuccessfully: '删除成功', operationSuccessful: '操作成功',
    confirmDelete: '确定将选择数据删除?', selectAtLeastOne: '请选择至少一条数据', unknownError: '未知错误', submitFailed: '提交失败',
    networkError: '网络异常，请检查连接', sessionExpired: '登录已过期，请重新登录',
    pleaseEnter: '请输入{{field}}', pleaseSelect: '请选择{{field}}', pleaseUploadImage: '请上传图片', pleaseUploadFile: '请上传文件',
    imageTip: '只能上传 jpeg/jpg/png 文件，且不超过 5M', fileTooLarge: '文件不能超过 {{size}}', fileTypeNotAllowed: '不支持的文件类型：{{types}}',
    tooManyFiles: '最多上传 {{count}} 个文件', phoneEmpty: PHONE_EMPTY.zh, phoneLength: RULES.phone.message.zh,
    emailInvalid: RULES.email.message.zh, tooLong: '最多 {{max}} 个字符', urlInvalid: RULES.url.message.zh,
  },
  en: {
    ok: 'OK', cancel: 'Cancel', confirm: 'Confirm', close: 'Close', save: 'Save', submit: 'Submit', reset: 'Reset', search: 'Search',
    add: 'Add', edit: 'Edit', delete: 'Delete', view: 'View', refresh: 'Refresh', actions: 'Actions', more: 'More', back: 'Back',
    yes: 'Yes', no: 'No', previous: 'Previous page', next: 'Next page', loading: 'Loading…', empty: 'No data', total: '{{total}} in total', pageSize: '{{size}} / page', perPage: 'rows per page',
    addedSuccessfully: 'added successfully', updatedSuccessfully: 'updated successfully', deletedSuccessfully: 'deleted successfully', operationSuccessful: 'operation successful',
    confirmDelete: 'confirm deleting the selected data?', selectAtLeastOne: 'please select at least one record', unknownError: 'unknown error', submitFailed: 'submission failed',
    networkError: 'network error, check the connection', sessionExpired: 'your session has expired, please sign in again',
    pleaseEnter: 'please enter {{field}}', pleaseSelect: 'please select {{field}}', pleaseUploadImage: 'please upload an image', pleaseUploadFile: 'please upload a file',
    imageTip: 'only jpeg/jpg/png, not over 5M', fileTooLarge: 'the file must not exceed {{size}}', fileTypeNotAllowed: 'file type not allowed: {{types}}',
    tooManyFiles: 'at most {{count}} files', phoneEmpty: PHONE_EMPTY.en, phoneLength: RULES.phone.message.en,
    emailInvalid: RULES.email.message.en, tooLong: 'at most {{max}} characters', urlInvalid: RULES.url.message.en,
  },
}
