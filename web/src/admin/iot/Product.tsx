import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from './fields'

/** IoT products: a kind of device. The server generates productKey and productSecret; devices sign in under the key. */
export default function Product() {
  const screen: ResourceScreen = {
    base: '/api/blade-product/product',
    perm: 'iot:product',
    title: L('产品管理', 'Products'),
    invalidates: ['/api/blade-device/device', '/api/blade-productOta/productOta'],
    fields: [
      {
        name: 'name',
        label: L('产品名称', 'Name'),
        search: true,
        required: need('请输入产品名称', 'please enter the product name'),
      },
      {
        name: 'categoryId',
        label: L('产品分类', 'Category'),
        type: 'dict',
        dict: { code: 'product_type', biz: true },
        search: true,
        width: 120,
      },
      {
        name: 'imgUrl',
        label: L('产品图片', 'Picture'),
        type: 'image',
        upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5120, max: 1 },
        width: 90,
      },
      { name: 'productKey', label: L('ProductKey', 'Product key'), form: false, width: 150 },
      { name: 'productSecret', label: L('ProductSecret', 'Product secret'), form: false, list: false },
      { name: 'topic', label: L('主题', 'Topic'), list: false },
      { name: 'keepAliveTime', label: L('心跳时间（秒）', 'Keep-alive (s)'), type: 'number', default: 60, width: 120 },
      remarkField,
    ],
  }
  return <ResourcePage screen={screen} />
}
