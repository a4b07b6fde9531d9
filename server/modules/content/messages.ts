import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'banner.title': { zh: '请输入标题', en: 'please enter the title' },
  'banner.cover': { zh: '请上传图片', en: 'please upload an image' },
  'banner.href': {
    zh: '跳转链接必须以 http 或 https 开头，或是站内路径',
    en: 'the link must begin with http or https, or be a path on this site',
  },
  'blog.title': { zh: '请输入标题', en: 'please enter the title' },
  'blog.category': { zh: '请输入分类', en: 'please enter the category' },
  'blog.releaseTime': { zh: '请输入发布时间', en: 'please enter the release time' },
  'download.title': { zh: '请输入文件名称', en: 'please enter the file name' },
  'download.file': { zh: '请上传文件', en: 'please upload a file' },
  'lead.name': { zh: '请输入姓名', en: 'please enter your name' },
  'lead.required': { zh: '请先填写登记信息再下载', en: 'please fill in the form before downloading' },
  'folder.name': { zh: '请输入文件夹名称', en: 'please enter the folder name' },
  'folder.parent': {
    zh: '上级文件夹不能是它自己或它的下级',
    en: 'a folder cannot sit inside itself or its sub-folders',
  },
  'folder.notEmpty': { zh: '文件夹下还有内容，不能删除', en: 'the folder is not empty' },
  'document.title': { zh: '请输入文档名称', en: 'please enter the document name' },
  'document.folder': { zh: '请选择文件夹', en: 'please select a folder' },
  'document.file': { zh: '请上传 PDF 或 Markdown 文件', en: 'please upload a PDF or Markdown file' },
})
