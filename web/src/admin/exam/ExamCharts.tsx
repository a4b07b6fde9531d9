import { BarChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useMemo } from 'react'
import { useEChart } from '../../shared/useEChart'

// Only what a bar chart needs: the whole of echarts would weigh on the exam screens' bundle.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer])

/** A bar chart drawn by ECharts (maintained, themable to Fluent's palette); data comes in through props. */
export function Bars({
  labels,
  values,
  color = '#0f6cbd',
  suffix = '',
  testId,
}: {
  labels: string[]
  values: number[]
  color?: string
  suffix?: string
  testId?: string
}) {
  const box = useEChart(
    useMemo(
      () => ({
        grid: { left: 40, right: 16, top: 16, bottom: 48 },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v}${suffix}` },
        xAxis: {
          type: 'category',
          data: labels,
          axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' },
        },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', data: values, itemStyle: { color, borderRadius: [4, 4, 0, 0] }, barMaxWidth: 36 }],
      }),
      [labels, values, color, suffix],
    ),
  )
  return <div ref={box} style={{ width: '100%', height: 240 }} data-testid={testId} />
}
