import { Dropdown, Field as FluentField, Option, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useFetch } from '../../shared/data'
import type { Page } from '../../shared/api'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { deviceLogFields } from '../../../../db/fields/iot'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
import TelemetryChart from './TelemetryChart'

interface Device {
  id: string
  name: string
  sn: string
}

/** What devices reported (blade-deviceLog list), filtered by device and type; a chosen device also shows a chart of one telemetry field. */
export default function DeviceLog() {
  const say = useSay()
  const { data: devices } = useFetch<Page<Device>>('/api/blade-device/device/list', { current: 1, size: 200 })
  const [deviceId, setDeviceId] = useState<string>('')
  const screen: ResourceScreen = {
    base: '/api/blade-deviceLog/deviceLog',
    perm: 'iot:deviceLog',
    title: L('设备日志', 'Device logs'),
    query: deviceId ? { deviceId } : {},
    // A log row has no detail route: the table already shows every field.
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    fields: screenFields(deviceLogFields, {
      createTime: { width: 170 },
      deviceId: { width: 180 },
      type: { search: true, width: 110 },
      content: { search: true },
    }),
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
      <FluentField label={say(deviceLogFields.deviceId.label)} orientation="horizontal" style={{ maxWidth: 480 }}>
        <Dropdown
          placeholder={say(L('全部设备', 'All devices'))}
          value={devices?.records.find((d) => d.id === deviceId)?.name ?? ''}
          data-testid="log-device"
          onOptionSelect={(_, d) => setDeviceId(d.optionValue ?? '')}
        >
          <Option value="">{say(L('全部设备', 'All devices'))}</Option>
          {(devices?.records ?? []).map((d) => (
            <Option key={d.id} value={d.id}>{`${d.name} · ${d.sn}`}</Option>
          ))}
        </Dropdown>
      </FluentField>
      {deviceId && (
        <div
          style={{
            background: tokens.colorNeutralBackground1,
            padding: tokens.spacingHorizontalL,
            borderRadius: tokens.borderRadiusMedium,
          }}
        >
          <TelemetryChart deviceId={deviceId} />
        </div>
      )}
      <ResourcePage key={deviceId} screen={screen} />
    </div>
  )
}
