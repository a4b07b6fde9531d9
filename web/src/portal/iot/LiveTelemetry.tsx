import { Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components'
import { useMemo } from 'react'
import { useFetch } from '../../shared/data'
import TimeSeriesChart, { type TimePoint } from '../../shared/TimeSeriesChart'
import { useSay } from '../../shared/resource/text'

export interface Reading {
  time: string
  data: Record<string, unknown>
}

const L = (zh: string, en: string) => ({ zh, en })
const useStyles = makeStyles({
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  chart: { height: '240px', width: '100%', marginTop: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The numeric fields of a reading, in the order the device sent them. */
export const numericFields = (r?: Reading | null) =>
  r ? Object.keys(r.data).filter((k) => typeof r.data[k] === 'number') : []

/**
 * One numeric field of a device over time: the recent history from the portal API, then the readings the page
 * received since (over the broker when signed in, else from the poll), drawn as a line chart.
 */
export default function LiveTelemetry({
  deviceId,
  fields,
  field,
  onField,
  live,
  poll,
}: {
  deviceId: string
  fields: string[]
  field: string
  onField: (f: string) => void
  /** Readings pushed since the page opened, oldest first. */
  live: Reading[]
  /** Milliseconds between history refreshes when no push arrives (a guest holds no broker connection). */
  poll: number | false
}) {
  const s = useStyles()
  const say = useSay()
  const { data } = useFetch<TimePoint[]>(
    field ? '/api/nop-wbp/iot/device/series' : undefined,
    { id: deviceId, field },
    { refetchInterval: poll, silent: true },
  )
  const points = useMemo(() => {
    const history = data ?? []
    const since = history.at(-1)?.time ?? ''
    const pushed = live
      .filter((r) => r.time > since && typeof r.data[field] === 'number')
      .map((r) => ({ time: r.time, value: r.data[field] as number }))
    return [...history, ...pushed].slice(-300)
  }, [data, live, field])

  return (
    <div>
      {fields.length > 0 && (
        <div className={s.fields} role="group" aria-label={say(L('遥测字段', 'Telemetry field'))}>
          {fields.map((f) => (
            <ToggleButton
              key={f}
              size="small"
              checked={f === field}
              onClick={() => onField(f)}
              data-testid={`telemetry-field-${f}`}
            >
              {f}
            </ToggleButton>
          ))}
        </div>
      )}
      <TimeSeriesChart
        points={points}
        name={field}
        className={s.chart}
        label={say(L(`${field} 的遥测曲线`, `Telemetry chart of ${field}`))}
      />
      {data && !points.length && (
        <Text size={200} className={s.muted}>
          {say(L('暂无数值数据', 'No numeric readings yet'))}
        </Text>
      )}
    </div>
  )
}
