import { useEffect, useRef } from 'react'
import * as echarts from 'echarts'

/**
 * A bar chart drawn by ECharts (maintained, themable to Fluent's palette).
 * The effect only binds the chart to its element; data comes in through props.
 */
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
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!ref.current) return
    const chart = echarts.init(ref.current)
    chart.setOption({
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v}${suffix}` },
      xAxis: {
        type: 'category',
        data: labels,
        axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: values, itemStyle: { color, borderRadius: [4, 4, 0, 0] }, barMaxWidth: 36 }],
    })
    const resize = () => chart.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.dispose()
    }
  }, [labels, values, color, suffix])
  return <div ref={ref} style={{ width: '100%', height: 240 }} data-testid={testId} />
}
