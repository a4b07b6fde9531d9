import { COMMON, defineFields, L } from './types.ts'

/** Notices (blade-desk/notice). */
export const noticeFields = defineFields({
  title: { label: L('通知标题', 'Title'), required: true, max: 100 },
  category: {
    label: L('通知类型', 'Category'),
    type: 'dict',
    dict: { code: 'notice_category', biz: true },
    required: true,
    default: 1,
  },
  releaseTime: { label: L('发布时间', 'Released'), type: 'datetime' },
  content: { label: L('通知内容', 'Content'), type: 'textarea', max: 5000 },
  status: COMMON.status,
  remark: COMMON.remark,
})
