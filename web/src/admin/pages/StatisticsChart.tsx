import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useMemo } from 'react'
import { useEChart } from '../../shared/useEChart'

// Only the chart types the dashboard draws: the whole of echarts would be several times this chunk. The dashboard
// imports this module lazily, so neither the shell nor the dashboard's first figures wait for it.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface Series {
  name: string
  values: number[]
}

/** Fluent's brand blue, then colours that stay apart from it for the further series (up to five hot courses). */
const COLORS = ['#0f6cbd', '#13a10e', '#ca5010', '#8764b8', '#038387']

/**
 * One statistics chart: columns over categories ('bar'), bars along the y axis for long labels ('rows') or a line
 * over days ('line'). A screen reader hears `label` and every value (the canvas itself says nothing); tests read the
 * same numbers from data-labels and data-values.
 */
export default function StatisticsChart({
  kind,
  labels,
  series,
  label,
  suffix = '',
  testId,
  height = 260,
  legend = series.length > 1,
}: {
  kind: 'bar' | 'rows' | 'line'
  labels: string[]
  series: Series[]
  label: string
  suffix?: string
  testId: string
  height?: number
  /** Name the series above the chart (by default when there is more than one). */
  legend?: boolean
}) {
  const option = useMemo(() => {
    const categories = {
      type: 'category' as const,
      data: labels,
      // Rows read top-down in the order given (hottest first); columns left to right.
      inverse: kind === 'rows',
      axisLabel: { width: kind === 'rows' ? 110 : 80, overflow: 'truncate' as const, hideOverlap: true },
    }
    const values = { type: 'value' as const, minInterval: 1, axisLabel: { formatter: `{value}${suffix}` } }
    return {
      color: COLORS,
      grid: { left: 8, right: 24, top: legend ? 32 : 16, bottom: 8, containLabel: true },
      legend: legend ? { top: 0 } : undefined,
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => `${String(v)}${suffix}`,
      },
      xAxis: kind === 'rows' ? values : categories,
      yAxis: kind === 'rows' ? categories : values,
      series: series.map((s) =>
        kind === 'line'
          ? { type: 'line', name: s.name, data: s.values, smooth: true, areaStyle: { opacity: 0.08 } }
          : {
              type: 'bar',
              name: s.name,
              data: s.values,
              barMaxWidth: 28,
              itemStyle: { borderRadius: kind === 'rows' ? [0, 4, 4, 0] : [4, 4, 0, 0] },
            },
      ),
    }
  }, [kind, labels, series, suffix, legend])
  const box = useEChart(option)
  const spoken = labels.map((l, i) => `${l}: ${series.map((s) => `${s.values[i]}${suffix}`).join(' / ')}`).join('; ')
  return (
    <div
      ref={box}
      style={{ width: '100%', height }}
      data-testid={testId}
      data-labels={JSON.stringify(labels)}
      data-values={JSON.stringify(series.map((s) => s.values))}
      role="img"
      aria-label={`${label}. ${spoken}`}
    />
  )
}
