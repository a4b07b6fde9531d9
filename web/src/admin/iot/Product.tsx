import { productFields } from '../../../../db/fields/iot'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'

/** IoT products: a kind of device. The server generates productKey and productSecret; devices sign in under the key. */
export default function Product() {
  const screen: ResourceScreen = {
    base: '/api/blade-product/product',
    perm: 'iot:product',
    title: L('产品管理', 'Products'),
    invalidates: ['/api/blade-device/device', '/api/blade-productOta/productOta'],
    fields: screenFields(productFields, {
      name: { search: true },
      categoryId: { search: true, width: 120 },
      imgUrl: { width: 90 },
      productKey: { form: false, width: 150 },
      productSecret: { form: false, list: false },
      topic: { list: false },
      keepAliveTime: { width: 120 },
      remark: { list: false },
    }),
  }
  return <ResourcePage screen={screen} />
}
