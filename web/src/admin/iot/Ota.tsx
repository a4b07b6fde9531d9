import { Button } from '@fluentui/react-components'
import { DataBarVerticalRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { productField, L, need, remarkField } from './fields'
import OtaProgress, { PHASES } from './OtaProgress'

/** Firmware releases (blade-productOta): upload, choose full or grey release and its guards; the rollout runs from the progress dialog. */
export default function Ota() {
  const say = useSay()
  const [open, setOpen] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-productOta/productOta',
    perm: 'iot:ota',
    title: L('固件升级', 'Firmware (OTA)'),
    invalidates: ['/api/blade-device/device'],
    fields: [
      { ...productField },
      {
        name: 'firmVersion',
        label: L('固件版本', 'Version'),
        required: need('请输入固件版本', 'please enter the firmware version'),
        search: true,
        width: 110,
      },
      {
        name: 'status',
        label: L('升级方式', 'Upgrade type'),
        type: 'dict',
        dict: { code: 'product_ota', biz: true },
        default: 2,
        search: true,
        width: 110,
      },
      {
        name: 'phase',
        label: L('发布状态', 'Rollout'),
        type: 'select',
        options: Object.entries(PHASES).map(([value, p]) => ({ value, label: p.label })),
        form: false,
        width: 110,
      },
      {
        name: 'firmFile',
        label: L('固件文件', 'Firmware files'),
        type: 'file',
        upload: { accept: ['zip', 'rar', 'bin'], maxKB: 50000, max: 3, kind: 'firmware' },
        required: need('请上传固件', 'please upload firmware'),
        span: 24,
        list: false,
      },
      {
        name: 'devices',
        label: L('灰度设备（不选则按比例）', 'Grey-release devices (none = by percentage)'),
        type: 'tree',
        tree: {
          url: '/api/blade-device/device/list',
          params: { current: '1', size: '200' },
          multiple: true,
          label: 'name',
        },
        span: 24,
        list: false,
      },
      {
        name: 'greyPercent',
        label: L('灰度比例 %', 'Grey share %'),
        type: 'number',
        default: 10,
        span: 12,
        list: false,
      },
      {
        name: 'successThreshold',
        label: L('成功阈值 %（达到后全量）', 'Success threshold % (then all)'),
        type: 'number',
        default: 90,
        span: 12,
        list: false,
      },
      {
        name: 'errorThreshold',
        label: L('失败阈值 %（超过即停止）', 'Error threshold % (stop above)'),
        type: 'number',
        default: 20,
        span: 12,
        list: false,
      },
      { name: 'createTime', label: L('创建时间', 'Created'), type: 'datetime', form: false, width: 170 },
      remarkField,
    ],
    rowActions: (row) => (
      <Button
        size="small"
        appearance="transparent"
        icon={<DataBarVerticalRegular />}
        onClick={() => setOpen(row)}
        data-testid="row-progress"
      >
        {say(L('发布与进度', 'Rollout'))}
      </Button>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {open && <OtaProgress id={String(open.id)} onClose={() => setOpen(null)} />}
    </>
  )
}
