import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { downloadFields, leadFields } from '../../../../db/fields/content'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

/** Downloadable files (spec §3/§5: one file ≤ 50 MB, size in MB with 2 decimals, download count, tag). */
export const downloadScreen: ResourceScreen = {
  base: '/api/hm-download/download',
  perm: 'content:download',
  title: L('资料下载', 'Downloads'),
  invalidates: ['/api/blade-downloadMessage/downloadMessage'],
  fields: screenFields(downloadFields, {
    cover: { width: 100 },
    title: { search: true },
    fileAddress: { list: false },
    fileSize: { form: false, width: 100 },
    count: { form: false, width: 90 },
    tag: { search: true, width: 90 },
    intro: { list: false },
    status: { width: 90 },
    createTime: { form: false, width: 170 },
    remark: { list: false },
  }),
}

/** Who asked for a download (the portal's lead form). */
export const leadScreen: ResourceScreen = {
  base: '/api/blade-downloadMessage/downloadMessage',
  listPath: 'page',
  perm: 'content:lead',
  title: L('下载登记', 'Download leads'),
  actions: { add: false, edit: false },
  fields: screenFields(leadFields, {
    name: { search: true, width: 100 },
    phone: { search: true, width: 130 },
    email: {},
    unit: { search: true },
    qq: { list: false },
    wechat: { list: false },
    birthday: { list: false },
    category: { list: false },
    fileTitle: {},
    createTime: { width: 170 },
  }),
}

export const Downloads = () => <ResourcePage screen={downloadScreen} />
export const Leads = () => <ResourcePage screen={leadScreen} />
