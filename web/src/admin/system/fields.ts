import type { Field, Text2 } from '../../shared/resource/schema'

/** Fields many system screens share, declared once. */
export const L = (zh: string, en: string): Text2 => ({ zh, en })
export const need = (zh: string, en: string): Text2 => ({ zh, en })

export const sortField: Field = { name: 'sort', label: L('排序', 'Sort'), type: 'number', default: 1, width: 80 }
export const remarkField: Field = { name: 'remark', label: L('备注', 'Remark'), type: 'textarea', list: false }
export const statusField: Field = { name: 'status', label: L('状态', 'Status'), type: 'dict', dict: { code: 'status' }, default: 1, width: 90 }
export const createTimeField: Field = { name: 'createTime', label: L('创建时间', 'Created'), type: 'datetime', form: false, width: 170 }
