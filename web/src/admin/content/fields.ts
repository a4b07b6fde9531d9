import type { Field, Text2 } from '../../shared/resource/schema'

export const L = (zh: string, en: string): Text2 => ({ zh, en })
/** A required field's message (the spec's wording). */
export const need = L

/** Images: jpeg/jpg/png, 5 MB (spec §5); course covers up to 3, banners and the rest 1. */
export const cover = (max = 1, kind = 'image'): Field => ({
  name: 'cover',
  label: L('封面', 'Cover'),
  type: 'image',
  upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max, kind },
  width: 100,
})
export const listingStatus: Field = {
  name: 'status',
  label: L('上架状态', 'Listing'),
  type: 'dict',
  dict: { code: 'listing_status', biz: true },
  default: 1,
  width: 90,
}
export const sortField: Field = { name: 'sort', label: L('排序', 'Sort'), type: 'number', default: 1, width: 80 }
export const remarkField: Field = { name: 'remark', label: L('备注', 'Remark'), type: 'textarea', list: false }
export const createTimeField: Field = {
  name: 'createTime',
  label: L('创建时间', 'Created'),
  type: 'datetime',
  form: false,
  width: 170,
}
