import { blogFields, documentFields, downloadFields, leadFields } from '../../../db/fields/content.ts'
import { defineMessages } from '../../lib/messages.ts'

// Required-field messages come from db/fields/content.ts; these keys are the ones thrown by hand (same wording).

defineMessages({
  'banner.href': {
    zh: '跳转链接必须以 http 或 https 开头，或是站内路径',
    en: 'the link must begin with http or https, or be a path on this site',
  },
  'blog.releaseTime': blogFields.releaseTime.required,
  'download.file': downloadFields.fileAddress.required,
  'lead.name': leadFields.name.required,
  'lead.required': { zh: '请先填写登记信息再下载', en: 'please fill in the form before downloading' },
  'folder.parent': {
    zh: '上级文件夹不能是它自己或它的下级',
    en: 'a folder cannot sit inside itself or its sub-folders',
  },
  'folder.notEmpty': { zh: '文件夹下还有内容，不能删除', en: 'the folder is not empty' },
  'document.file': documentFields.fileAddress.required,
})
