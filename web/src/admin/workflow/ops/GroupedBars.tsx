import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useMemo } from 'react'
import { useEChart } from '../../../shared/useEChart'

// Only what grouped bars need (as TimeSeriesChart does): the whole of echarts would weigh on every screen's bundle.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface BarSeries {
  name: string
  values: number[]
  color: string
}

/**
 * Several counts side by side per label (started / finished / overdue per process or per month), drawn by ECharts.
 * The box carries the series' sums for tests and a screen reader's label.
 */
export default function GroupedBars({
  labels,
  series,
  label,
  testId,
}: {
  labels: string[]
  series: BarSeries[]
  label: string
  testId?: string
}) {
  const box = useEChart(
    useMemo(
      () => ({
        grid: { left: 40, right: 16, top: 40, bottom: 48 },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          data: labels,
          axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0, width: 110, overflow: 'truncate' },
        },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          type: 'bar',
          name: s.name,
          data: s.values,
          itemStyle: { color: s.color, borderRadius: [4, 4, 0, 0] },
          barMaxWidth: 28,
        })),
      }),
      [labels, series],
    ),
  )
  return (
    <div
      ref={box}
      style={{ width: '100%', height: 280 }}
      data-testid={testId}
      data-sums={series.map((s) => `${s.name}:${s.values.reduce((a, b) => a + b, 0)}`).join(',')}
      role="img"
      aria-label={label}
    />
  )
}
