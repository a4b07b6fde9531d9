import { Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components'
import { LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useMemo, useRef } from 'react'
import { useFetch } from '../../shared/data'
import { useSay } from '../../shared/resource/text'

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer])

export interface Reading {
  time: string
  data: Record<string, unknown>
}
interface Point {
  time: string
  value: number
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
  const { data } = useFetch<Point[]>(
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

  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  useEffect(() => {
    if (!box.current) return
    chart.current = echarts.init(box.current)
    const resize = () => chart.current?.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.current?.dispose()
      chart.current = null
    }
  }, [])
  useEffect(() => {
    chart.current?.setOption(
      {
        // New points arrive every few seconds: an animation from the left each time would only distract.
        animation: false,
        grid: { left: 40, right: 16, top: 16, bottom: 28 },
        tooltip: { trigger: 'axis' },
        // A time axis: the stored history is sparse and live readings come seconds apart; evenly spaced
        // categories would draw them as one cliff.
        xAxis: { type: 'time' },
        yAxis: { type: 'value', scale: true },
        series: [
          {
            type: 'line',
            name: field,
            data: points.map((p) => [p.time.replace(' ', 'T'), p.value]),
            smooth: true,
            showSymbol: false,
          },
        ],
      },
      true,
    )
  }, [points, field])

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
      <div
        ref={box}
        className={s.chart}
        data-testid="telemetry-chart"
        data-points={points.length}
        data-last={points.at(-1)?.value ?? ''}
        role="img"
        aria-label={say(L(`${field} 的遥测曲线`, `Telemetry chart of ${field}`))}
      />
      {data && !points.length && (
        <Text size={200} className={s.muted}>
          {say(L('暂无数值数据', 'No numeric readings yet'))}
        </Text>
      )}
    </div>
  )
}
