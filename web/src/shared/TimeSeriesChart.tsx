import { LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useMemo, type CSSProperties } from 'react'
import { useEChart } from './useEChart'

// Only what a line over time needs: importing echarts whole would put every chart type into the page's bundle.
echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer])

export interface TimePoint {
  /** 'yyyy-MM-dd HH:mm:ss', as the API answers times. */
  time: string
  value: number
}

/**
 * A numeric series over time as a line chart — a device's telemetry field in the back office and on the portal.
 * A time axis, not categories: stored history is sparse while live readings come seconds apart, and evenly spaced
 * categories would draw the two as one cliff. The box carries the point count and the last value for tests.
 */
export default function TimeSeriesChart({
  points,
  name,
  label,
  className,
  style,
}: {
  points: TimePoint[]
  /** The series' name in the tooltip. */
  name: string
  /** What a screen reader hears for the picture. */
  label: string
  className?: string
  style?: CSSProperties
}) {
  const box = useEChart(
    useMemo(
      () => ({
        // Points arrive every few seconds: an animation from the left each time would only distract.
        animation: false,
        grid: { left: 40, right: 16, top: 16, bottom: 28 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'time' },
        yAxis: { type: 'value', scale: true },
        series: [
          {
            type: 'line',
            name,
            data: points.map((p) => [p.time.replace(' ', 'T'), p.value]),
            smooth: true,
            showSymbol: false,
            areaStyle: { opacity: 0.08 },
          },
        ],
      }),
      [points, name],
    ),
  )
  return (
    <div
      ref={box}
      className={className}
      style={style}
      data-testid="telemetry-chart"
      data-points={points.length}
      data-last={points.at(-1)?.value ?? ''}
      role="img"
      aria-label={label}
    />
  )
}
