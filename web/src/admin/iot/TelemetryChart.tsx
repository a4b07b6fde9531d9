import { Field, Input, Text, tokens } from '@fluentui/react-components'
import { LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef, useState } from 'react'
import { useFetch } from '../../shared/data'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer])

interface Point {
  time: string
  value: number
}

/** One numeric telemetry field of a device over time (blade-deviceLog series), as a line chart; refreshed every 10 s. */
export default function TelemetryChart({ deviceId }: { deviceId: string }) {
  const say = useSay()
  const [field, setField] = useState('temperature')
  const valid = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/.test(field)
  const { data } = useFetch<Point[]>(
    valid ? '/api/blade-deviceLog/deviceLog/series' : undefined,
    { deviceId, field },
    { refetchInterval: 10_000, silent: true },
  )
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
        // Refreshed every 10 s: redrawing from the left each time would only distract.
        animation: false,
        grid: { left: 40, right: 16, top: 16, bottom: 28 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: (data ?? []).map((p) => p.time.slice(5, 16)), boundaryGap: false },
        yAxis: { type: 'value', scale: true },
        series: [
          {
            type: 'line',
            name: field,
            data: (data ?? []).map((p) => p.value),
            smooth: true,
            showSymbol: false,
            areaStyle: { opacity: 0.08 },
          },
        ],
      },
      true,
    )
  }, [data, field])

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
      <div
        ref={box}
        style={{ height: 220, marginTop: tokens.spacingVerticalS }}
        data-testid="telemetry-chart"
        data-points={data?.length ?? 0}
        role="img"
        aria-label={say(L('遥测曲线', 'Telemetry chart'))}
      />
      {data && !data.length && (
        <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
          {say(L('该字段暂无数值数据', 'no numeric readings for this field yet'))}
        </Text>
      )}
    </div>
  )
}
