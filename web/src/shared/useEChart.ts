import * as echarts from 'echarts/core'
import { useEffect, useRef } from 'react'

/**
 * Binds one ECharts instance to the returned element for the element's lifetime (resized with the window, disposed
 * on unmount) and draws `option` whenever it changes, replacing what was drawn. Callers memoise the option and
 * register the chart types they draw with echarts.use in their own module, so a screen's bundle carries only those.
 */
export function useEChart(option: echarts.EChartsCoreOption) {
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
    chart.current?.setOption(option, true)
  }, [option])
  return box
}
