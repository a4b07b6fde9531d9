import { COMMON, defineFields, L } from './types.ts'

/** Object-storage configurations (blade-resource/oss). */
export const ossFields = defineFields({
  ossCode: { label: L('资源编号', 'Code'), required: L('请输入资源编号', 'please enter the storage code'), max: 64 },
  category: { label: L('存储类型', 'Kind'), type: 'dict', dict: { code: 'oss_category' }, default: 2 },
  endpoint: { label: L('资源地址', 'Endpoint'), rules: ['url'], max: 255 },
  bucketName: { label: L('空间名', 'Bucket'), max: 255 },
  region: { label: L('区域', 'Region'), max: 64 },
  accessKey: { label: L('accessKey', 'Access key'), max: 255 },
  secretKey: { label: L('secretKey（留空不修改）', 'Secret key (empty = unchanged)'), type: 'password', max: 255 },
  isEnabled: { label: L('已启用', 'Enabled'), type: 'switch' },
  remark: COMMON.remark,
})

/**
 * Attachments (blade-resource/attach): every stored file. Rows are written by
 * uploads only (put-file), so nothing here is required: the screen lists,
 * opens and removes them.
 */
export const attachFields = defineFields({
  originalName: { label: L('原文件名', 'Original name') },
  kind: {
    label: L('用途', 'Kind'),
    type: 'select',
    options: [
      { value: 'image', label: L('图片', 'Image') },
      { value: 'banner', label: L('轮播图', 'Banner') },
      { value: 'avatar', label: L('头像', 'Avatar') },
      { value: 'courseware', label: L('课件', 'Courseware') },
      { value: 'download', label: L('下载文件', 'Download') },
      { value: 'firmware', label: L('固件', 'Firmware') },
      { value: 'document', label: L('云文档', 'Cloud document') },
    ],
  },
  extension: { label: L('扩展名', 'Extension') },
  attachSize: { label: L('大小（字节）', 'Size (bytes)'), type: 'number' },
  isPublic: { label: L('公开', 'Public'), type: 'switch' },
  name: { label: L('存储键', 'Storage key') },
  createTime: { ...COMMON.createTime, label: L('上传时间', 'Uploaded') },
})
