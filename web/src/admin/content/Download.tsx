import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, cover, createTimeField, listingStatus, need, remarkField } from './fields'

/** Downloadable files (spec §3/§5: one file ≤ 50 MB, size in MB with 2 decimals, download count, tag). */
export const downloadScreen: ResourceScreen = {
  base: '/api/hm-download/download',
  perm: 'content:download',
  title: L('资料下载', 'Downloads'),
  invalidates: ['/api/blade-downloadMessage/downloadMessage'],
  fields: [
    cover(1),
    {
      name: 'title',
      label: L('文件名称', 'Name'),
      search: true,
      required: need('请输入文件名称', 'please enter the file name'),
    },
    {
      name: 'fileAddress',
      label: L('文件', 'File'),
      type: 'file',
      list: false,
      required: need('请上传文件', 'please upload a file'),
      upload: {
        accept: [
          'pdf',
          'zip',
          'rar',
          '7z',
          'docx',
          'xlsx',
          'pptx',
          'doc',
          'xls',
          'ppt',
          'txt',
          'md',
          'mp4',
          'exe',
          'bin',
          'csv',
          'json',
          'jpg',
          'png',
          'gz',
          'tar',
        ],
        maxKB: 50 * 1024,
        max: 1,
        kind: 'download',
      },
    },
    { name: 'fileSize', label: L('大小（MB）', 'Size (MB)'), form: false, width: 100 },
    { name: 'count', label: L('下载次数', 'Downloads'), form: false, width: 90 },
    {
      name: 'tag',
      label: L('标签', 'Tag'),
      type: 'dict',
      dict: { code: 'file_tag', biz: true },
      search: true,
      width: 90,
    },
    { name: 'intro', label: L('简介', 'Introduction'), type: 'textarea', list: false },
    listingStatus,
    createTimeField,
    remarkField,
  ],
}

/** Who asked for a download (the portal's lead form). */
export const leadScreen: ResourceScreen = {
  base: '/api/blade-downloadMessage/downloadMessage',
  listPath: 'page',
  perm: 'content:lead',
  title: L('下载登记', 'Download leads'),
  actions: { add: false, edit: false },
  fields: [
    { name: 'name', label: L('姓名', 'Name'), search: true, width: 100 },
    { name: 'phone', label: L('手机号', 'Phone'), search: true, width: 130 },
    { name: 'email', label: L('邮箱', 'E-mail') },
    { name: 'unit', label: L('单位', 'Organisation'), search: true },
    { name: 'qq', label: L('QQ', 'QQ'), list: false },
    { name: 'wechat', label: L('微信', 'WeChat'), list: false },
    { name: 'birthday', label: L('生日', 'Birthday'), list: false },
    { name: 'category', label: L('类别', 'Category'), list: false },
    { name: 'fileTitle', label: L('下载文件', 'File') },
    { ...createTimeField, label: L('登记时间', 'When') },
  ],
}

export const Downloads = () => <ResourcePage screen={downloadScreen} />
export const Leads = () => <ResourcePage screen={leadScreen} />
