import type { Field } from '../../shared/resource/schema'
import { L } from '../system/fields'

export { L }
/** A required field's message (the spec's "please enter …"). */
export const need = L
export const remarkField: Field = { name: 'remark', label: L('备注', 'Remark'), type: 'textarea', list: false }
export const sortField: Field = { name: 'sort', label: L('排序', 'Sort'), type: 'number', default: 1, width: 80 }

/** The product picker every IoT form shares: all products, name shown, id kept. */
export const productField: Field = {
  name: 'productId',
  label: L('所属产品', 'Product'),
  type: 'tree',
  tree: { url: '/api/blade-product/product/allproduct', label: 'name' },
  required: L('请选择产品', 'please select the product'),
  search: true,
  width: 180,
}

/** Device online flag (spec: 0 offline, 1 online; kept by the broker). */
export const deviceStatusField: Field = {
  name: 'status',
  label: L('状态', 'Status'),
  type: 'select',
  form: false,
  width: 90,
  options: [
    { value: 0, label: L('离线', 'Offline') },
    { value: 1, label: L('在线', 'Online') },
  ],
}
