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
