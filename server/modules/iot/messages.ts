import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'iot.product.name': { zh: '请输入产品名称', en: 'please enter the product name' },
  'iot.device.name': { zh: '请输入设备名称', en: 'please enter the device name' },
  'iot.device.product': { zh: '请选择产品', en: 'please select the product' },
  'iot.device.sn': { zh: '请输入设备唯一标识', en: 'please enter the device serial number (sn)' },
  'iot.device.snFormat': { zh: '设备唯一标识只能包含字母、数字和 _ . : -，最长 64 位', en: 'sn may hold letters, digits and _ . : - only, at most 64 characters' },
  'iot.device.snTaken': { zh: '该产品下已存在相同唯一标识的设备', en: 'this product already has a device with that sn' },
  'iot.device.coords': { zh: '经纬度超出范围', en: 'latitude must lie within ±90 and longitude within ±180' },
  'iot.command.name': { zh: '请输入指令名称', en: 'please enter the command name' },
  'iot.command.code': { zh: '请输入指令标识', en: 'please enter the command identifier' },
  'iot.command.product': { zh: '请选择产品', en: 'please select the product' },
  'iot.commandDetail.name': { zh: '请输入参数名称', en: 'please enter the parameter name' },
  'iot.commandDetail.code': { zh: '请输入参数标识', en: 'please enter the parameter key' },
  'iot.commandDetail.command': { zh: '请选择指令', en: 'please select the command' },
  'iot.commandDetail.type': { zh: '参数类型只能是 int、float、string、bool 或 enum', en: 'parameter type must be int, float, string, bool or enum' },
  'iot.send.param': { zh: '参数 {name} 的值无效：{reason}', en: 'parameter {name} is invalid: {reason}' },
  'iot.send.offline': { zh: '设备离线，指令已排队，设备上线后送达', en: 'the device is offline; the command is queued and delivered when it connects' },
  'iot.send.noBroker': { zh: '消息服务未启动', en: 'the message broker is not running' },
  'iot.command.timeout': { zh: '超时时间须在 1 到 300 秒之间', en: 'timeout must lie between 1 and 300 seconds' },
  'iot.keepAlive': { zh: '心跳时间须在 5 到 3600 秒之间', en: 'keepAliveTime must lie between 5 and 3600 seconds' },
})
