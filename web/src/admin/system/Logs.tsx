import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

const fields: Field[] = [
  { name: 'title', label: L('标题', 'Title'), search: true },
  { name: 'type', label: L('类型', 'Type'), width: 90 },
  { name: 'method', label: L('方法', 'Method'), width: 80 },
  { name: 'requestUri', label: L('请求地址', 'Request URI'), search: true },
  { name: 'time', label: L('耗时(ms)', 'Time (ms)'), width: 90 },
  { name: 'createBy', label: L('操作人', 'By'), search: true, width: 110 },
  { name: 'createTime', label: L('时间', 'Time'), width: 170 },
  { name: 'createTime_datege', label: L('开始日期', 'From'), type: 'date', search: true, list: false, view: false },
  { name: 'createTime_datelt', label: L('结束日期', 'Before'), type: 'date', search: true, list: false, view: false },
  { name: 'serverHost', label: L('服务器', 'Server'), list: false },
  { name: 'userAgent', label: L('客户端', 'User agent'), list: false },
  { name: 'params', label: L('参数', 'Parameters'), list: false },
  { name: 'logData', label: L('日志数据', 'Data'), list: false },
  { name: 'message', label: L('异常信息', 'Message'), list: false },
  { name: 'stackTrace', label: L('异常堆栈', 'Stack trace'), type: 'textarea', list: false },
]

/** The three logs are read-only: search (dates too), page and view. */
const logScreen = (kind: 'usual' | 'api' | 'error', title: ReturnType<typeof L>): ResourceScreen => ({
  base: `/api/blade-log/${kind}`,
  perm: `monitor:log:${kind}`,
  title,
  fields,
  actions: { add: false, edit: false, delete: false, selection: false },
})

export const UsualLog = () => <ResourcePage screen={logScreen('usual', L('通用日志', 'Usual log'))} />
export const ApiLog = () => <ResourcePage screen={logScreen('api', L('接口日志', 'API log'))} />
export const ErrorLog = () => <ResourcePage screen={logScreen('error', L('错误日志', 'Error log'))} />
