import {
  clientMessageFields,
  commandDetailFields,
  commandFields,
  deviceFields,
  otaFields,
} from '../../../db/fields/iot.ts'
import { defineMessages } from '../../lib/messages.ts'

/*
 * Required fields answer from db/fields/iot.ts through the factory; the keys
 * below that repeat a required message (a product or command out of reach, a
 * firmware list of blanks) take its wording from there too.
 */

defineMessages({
  'iot.device.product': deviceFields.productId.required,
  'iot.device.snTaken': {
    zh: '该产品下已存在相同唯一标识的设备',
    en: 'this product already has a device with that sn',
  },
  'iot.command.product': commandFields.productId.required,
  'iot.commandDetail.command': commandDetailFields.commandId.required,
  'iot.commandDetail.type': {
    zh: '参数类型只能是 int、float、string、bool 或 enum',
    en: 'parameter type must be int, float, string, bool or enum',
  },
  'iot.send.param': { zh: '参数 {name} 的值无效：{reason}', en: 'parameter {name} is invalid: {reason}' },
  'iot.send.offline': {
    zh: '设备离线，指令已排队，设备上线后送达',
    en: 'the device is offline; the command is queued and delivered when it connects',
  },
  'iot.send.noBroker': { zh: '消息服务未启动', en: 'the message broker is not running' },
  'iot.ota.product': otaFields.productId.required,
  'iot.ota.fileMissing': otaFields.firmFile.required,
  'iot.ota.fileCount': { zh: '最多上传 3 个固件文件', en: 'at most 3 firmware files' },
  'iot.ota.file': {
    zh: '固件文件不存在或不是固件上传',
    en: 'the firmware file does not exist or was not uploaded as firmware',
  },
  'iot.ota.type': { zh: '请选择升级方式', en: 'please select the upgrade type' },
  'iot.ota.devices': { zh: '灰度设备须为该产品下的设备', en: 'grey-release devices must be devices of this product' },
  'iot.ota.locked': {
    zh: '升级已发布，不能再修改；请取消后新建',
    en: 'this release has started and can no longer be edited; cancel it and create a new one',
  },
  'iot.ota.running': { zh: '升级正在进行，请先取消', en: 'this release is rolling out; cancel it first' },
  'iot.ota.notDraft': { zh: '该升级已发布过', en: 'this release has already been started' },
  'iot.ota.noDevices': { zh: '该产品下没有设备', en: 'this product has no devices' },
  'iot.ota.notRunning': { zh: '该升级当前不在进行中', en: 'this release is not rolling out' },
  'iot.ota.notPaused': { zh: '该升级没有暂停或停止', en: 'this release is neither paused nor stopped' },
  'iot.ota.notFailed': { zh: '只有升级失败的设备可以重试', en: 'only a device whose upgrade failed can be retried' },
  'iot.ota.link': { zh: '下载链接无效或已过期', en: 'the download link is invalid or has expired' },
  'iot.ota.gone': { zh: '固件文件已删除', en: 'the firmware file has been removed' },
  'iot.client.type': {
    zh: '消息类型只能是 force-logout、param-setting 或 chat',
    en: 'type must be force-logout, param-setting or chat',
  },
  'iot.client.content': clientMessageFields.content.required,
})
