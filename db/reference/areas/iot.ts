import { defineReference } from '../types.ts'

/** Campus IoT devices and firmware. */
export default defineReference({
  bizDicts: [
    ['product_type', '产品分类', 'Product category', [['1', '传感器', 'Sensor'], ['2', '网关', 'Gateway'], ['3', '执行器', 'Actuator'], ['4', '开发板', 'Development board']]],
    ['product_ota', '升级方式', 'Upgrade type', [['1', '全量升级', 'Full rollout'], ['2', '灰度升级', 'Grey release']]],
  ],
})
