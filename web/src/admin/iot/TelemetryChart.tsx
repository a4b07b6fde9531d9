import { Field, Input, Text, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useFetch } from '../../shared/data'
import TimeSeriesChart, { type TimePoint } from '../../shared/TimeSeriesChart'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

/** One numeric telemetry field of a device over time (blade-deviceLog series), as a line chart; refreshed every 10 s. */
export default function TelemetryChart({ deviceId }: { deviceId: string }) {
  const say = useSay()
  const [field, setField] = useState('temperature')
  const valid = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/.test(field)
  const { data } = useFetch<TimePoint[]>(
    valid ? '/api/blade-deviceLog/deviceLog/series' : undefined,
    { deviceId, field },
    { refetchInterval: 10_000, silent: true },
  )
  return (
    <div>
      <Field
        label={say(L('遥测字段', 'Telemetry field'))}
        validationMessage={
          valid ? undefined : say(L('字段名只能包含字母、数字、_ 和 .', 'letters, digits, _ and . only'))
        }
      >
        <Input
          value={field}
          onChange={(_, d) => setField(d.value)}
          data-testid="series-field"
          style={{ maxWidth: 220 }}
        />
      </Field>
      <TimeSeriesChart
        points={data ?? []}
        name={field}
        label={say(L('遥测曲线', 'Telemetry chart'))}
        style={{ height: 220, marginTop: tokens.spacingVerticalS }}
      />
      {data && !data.length && (
        <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
          {say(L('该字段暂无数值数据', 'no numeric readings for this field yet'))}
        </Text>
      )}
    </div>
  )
}
