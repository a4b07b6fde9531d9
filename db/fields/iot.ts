import { COMMON, defineFields, L, type FieldDef, type FieldRange, type Text2 } from './types.ts'

/**
 * The IoT area (spec back-office §3 Product, Device, OTA firmware, Command and
 * command detail; §5 firmware and device rules). The server validates with
 * these (server/modules/iot) and the screens are these plus layout
 * (web/src/admin/iot); the spec's required messages live here only.
 */

/** The product picker every IoT form shares: all products, name shown, id kept (spec: "select from the product list"). */
const product = {
  label: L('所属产品', 'Product'),
  type: 'tree',
  tree: { url: '/api/blade-product/product/allproduct', label: 'name' },
  required: L('请选择产品', 'please select the product'),
} satisfies FieldDef

/** IoT products (blade-product): a kind of device; the server generates productKey/productSecret. */
export const productFields = defineFields({
  name: { label: L('产品名称', 'Name'), required: L('请输入产品名称', 'please enter the product name'), max: 100 },
  categoryId: { label: L('产品分类', 'Category'), type: 'dict', dict: { code: 'product_type', biz: true } },
  // Spec §5 images: jpeg/jpg/png, at most 5 MB (file-size option 5000 KB).
  imgUrl: {
    label: L('产品图片', 'Picture'),
    type: 'image',
    upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 1, kind: 'image' },
  },
  productKey: { label: L('ProductKey', 'Product key') },
  productSecret: { label: L('ProductSecret', 'Product secret') },
  topic: { label: L('主题', 'Topic'), max: 200 },
  keepAliveTime: {
    label: L('心跳时间（秒）', 'Keep-alive (s)'),
    type: 'number',
    default: 60,
    range: {
      min: 5,
      max: 3600,
      integer: true,
      message: L('心跳时间须在 5 到 3600 秒之间', 'the keep-alive must lie between 5 and 3600 seconds'),
    },
  },
  remark: COMMON.remark,
})

/** Devices (blade-device): one per sn within a product; status, activity, firmware and secret are the broker's. */
export const deviceFields = defineFields({
  name: { label: L('设备名称', 'Name'), required: L('请输入设备名称', 'please enter the device name'), max: 100 },
  productId: product,
  // The broker's user name is <productKey>/<sn> and sn a topic level: no separators, wildcards or control characters.
  sn: {
    label: L('设备唯一标识', 'Serial (sn)'),
    required: L('请输入设备唯一标识', 'please enter the device serial number (sn)'),
    max: 64,
    pattern: {
      test: /^[A-Za-z0-9_.:-]{1,64}$/,
      message: L(
        '设备唯一标识只能包含字母、数字和 _ . : -，最长 64 位',
        'sn may hold letters, digits and _ . : - only, at most 64 characters',
      ),
    },
  },
  status: {
    label: L('状态', 'Status'),
    type: 'select',
    options: [
      { value: 0, label: L('离线', 'Offline') },
      { value: 1, label: L('在线', 'Online') },
    ],
  },
  serialNo: { label: L('设备序列号', 'Serial number'), max: 100 },
  activeTime: { label: L('激活时间', 'Last came online'), type: 'datetime' },
  lastSeen: { label: L('最近通信', 'Last heard'), type: 'datetime' },
  firmVersion: { label: L('固件版本', 'Firmware') },
  secret: { label: L('设备密钥', 'Device secret') },
  lat: { label: L('纬度', 'Latitude'), type: 'number', range: { min: -90, max: 90 } },
  lon: { label: L('经度', 'Longitude'), type: 'number', range: { min: -180, max: 180 } },
  addr: { label: L('安装地址', 'Address'), max: 200 },
  remark: COMMON.remark,
})

/** Commands (blade-command) of a product, optionally for one device of it. */
export const commandFields = defineFields({
  productId: product,
  name: { label: L('指令名称', 'Name'), required: L('请输入指令名称', 'please enter the command name'), max: 100 },
  code: {
    label: L('指令标识', 'Method'),
    required: L('请输入指令标识', 'please enter the command identifier'),
    max: 100,
  },
  timeout: {
    label: L('超时（秒）', 'Timeout (s)'),
    type: 'number',
    default: 10,
    range: {
      min: 1,
      max: 300,
      integer: true,
      message: L('超时时间须在 1 到 300 秒之间', 'the timeout must lie between 1 and 300 seconds'),
    },
  },
  deviceId: {
    label: L('仅限设备（可选）', 'Only this device (optional)'),
    type: 'tree',
    tree: { url: '/api/blade-device/device/list', params: { size: '200' }, label: 'name' },
  },
  remark: COMMON.remark,
})

/** A command's typed parameters (blade-command/commandDetail). */
export const commandDetailFields = defineFields({
  commandId: { label: L('指令', 'Command'), required: L('请选择指令', 'please select the command') },
  name: { label: L('参数名称', 'Name'), required: L('请输入参数名称', 'please enter the parameter name'), max: 100 },
  code: { label: L('参数标识', 'Key'), required: L('请输入参数标识', 'please enter the parameter key'), max: 100 },
  type: {
    label: L('类型', 'Type'),
    type: 'select',
    default: 'string',
    options: (['int', 'float', 'string', 'bool', 'enum'] as const).map((t) => ({ value: t, label: L(t, t) })),
  },
  required: { label: L('必填', 'Required'), type: 'switch', default: 0 },
  defaultValue: { label: L('默认值', 'Default'), max: 1024 },
  options: { label: L('可选值（逗号分隔，enum）', 'Choices (comma-separated, enum)'), max: 2000 },
  sort: COMMON.sort,
})

/** Parameter types a command detail may declare (the type field's options). */
export const PARAM_TYPES = commandDetailFields.type.options.map((o) => o.value)

/** A whole percentage from `min` to 100, named in its message. */
const percent = (min: number, name: Text2): FieldRange => ({
  min,
  max: 100,
  integer: true,
  message: L(`${name.zh}须为 ${min} 到 100 之间的整数`, `${name.en} must be a whole percentage from ${min} to 100`),
})

/** Firmware releases (blade-productOta). Spec §5: firmware required, zip or rar (bin too), 50 MB, up to 3 files. */
export const otaFields = defineFields({
  productId: product,
  firmVersion: {
    label: L('固件版本', 'Version'),
    required: L('请输入固件版本', 'please enter the firmware version'),
    max: 32,
    // Devices compare it and it travels in the OTA job: a plain version string.
    pattern: {
      test: /^[0-9A-Za-z][0-9A-Za-z._+-]{0,31}$/,
      message: L(
        '固件版本只能包含字母、数字和 . _ + -，最长 32 位',
        'the firmware version may hold letters, digits and . _ + - only, at most 32 characters',
      ),
    },
  },
  status: { label: L('升级方式', 'Upgrade type'), type: 'dict', dict: { code: 'product_ota', biz: true }, default: 2 },
  phase: {
    label: L('发布状态', 'Rollout'),
    type: 'select',
    options: [
      { value: 'draft', label: L('未发布', 'Draft') },
      { value: 'grey', label: L('灰度中', 'Grey release') },
      { value: 'all', label: L('全量中', 'Rolling out') },
      { value: 'paused', label: L('已暂停', 'Paused') },
      { value: 'stopped', label: L('已自动停止', 'Stopped (errors)') },
      { value: 'done', label: L('已完成', 'Done') },
      { value: 'cancelled', label: L('已取消', 'Cancelled') },
    ],
  },
  firmFile: {
    label: L('固件文件', 'Firmware files'),
    type: 'file',
    upload: { accept: ['zip', 'rar', 'bin'], maxKB: 50000, max: 3, kind: 'firmware' },
    required: L('请上传固件', 'please upload firmware'),
  },
  devices: {
    label: L('灰度设备（不选则按比例）', 'Grey-release devices (none = by percentage)'),
    type: 'tree',
    tree: {
      url: '/api/blade-device/device/list',
      params: { current: '1', size: '200' },
      multiple: true,
      label: 'name',
    },
  },
  greyPercent: {
    label: L('灰度比例 %', 'Grey share %'),
    type: 'number',
    default: 10,
    range: percent(1, L('灰度比例', 'the grey share')),
  },
  successThreshold: {
    label: L('成功阈值 %（达到后全量）', 'Success threshold % (then all)'),
    type: 'number',
    default: 90,
    range: percent(1, L('成功阈值', 'the success threshold')),
  },
  errorThreshold: {
    label: L('失败阈值 %（超过即停止）', 'Error threshold % (stop above)'),
    type: 'number',
    default: 20,
    range: percent(0, L('失败阈值', 'the error threshold')),
  },
  createTime: COMMON.createTime,
  remark: COMMON.remark,
})

/** Device logs (blade-deviceLog): written by the broker, listed only. */
export const deviceLogFields = defineFields({
  createTime: { label: L('时间', 'Time'), type: 'datetime' },
  deviceId: {
    label: L('设备', 'Device'),
    type: 'tree',
    tree: { url: '/api/blade-device/device/list', params: { current: '1', size: '200' }, label: 'name' },
  },
  productId: { label: product.label, type: 'tree', tree: product.tree },
  type: {
    label: L('类型', 'Type'),
    type: 'select',
    options: [
      { value: 'telemetry', label: L('遥测', 'Telemetry') },
      { value: 'event', label: L('事件', 'Event') },
      { value: 'status', label: L('上下线', 'Online/offline') },
      { value: 'ota', label: L('固件升级', 'Firmware upgrade') },
    ],
  },
  content: { label: L('内容', 'Content') },
})

/** What a back-office user pushes to a live browser connection (blade-websocket/client-info/send). */
export const clientMessageFields = defineFields({
  content: { label: L('内容', 'Content'), required: L('请输入消息内容', 'please enter the message'), max: 2000 },
})
