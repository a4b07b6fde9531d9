import { Button } from '@fluentui/react-components'
import { DataBarVerticalRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { otaFields } from '../../../../db/fields/iot'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import OtaProgress from './OtaProgress'

/** Firmware releases (blade-productOta): upload, choose full or grey release and its guards; the rollout runs from the progress dialog. */
export default function Ota() {
  const say = useSay()
  const [open, setOpen] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-productOta/productOta',
    perm: 'iot:ota',
    title: L('固件升级', 'Firmware (OTA)'),
    invalidates: ['/api/blade-device/device'],
    fields: screenFields(otaFields, {
      productId: { search: true, width: 180 },
      firmVersion: { search: true, width: 110 },
      status: { search: true, width: 110 },
      phase: { form: false, width: 110 },
      firmFile: { span: 24, list: false },
      devices: { span: 24, list: false },
      greyPercent: { span: 12, list: false },
      successThreshold: { span: 12, list: false },
      errorThreshold: { span: 12, list: false },
      createTime: { form: false, width: 170 },
      remark: { list: false },
    }),
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
