import { makeStyles, tokens } from '@fluentui/react-components'
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowStep } from '../api'
import { marksOf } from './highlight'
import './diagram.css'
import '../locale'

const useStyles = makeStyles({
  box: {
    position: 'relative',
    height: '420px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  error: { padding: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
})

interface Canvas {
  addMarker(id: string, marker: string): void
  zoom(level: string): void
}
interface Registry {
  get(id: string): unknown
}

/**
 * A deployed definition drawn read-only (bpmn-js NavigatedViewer: pan and zoom), its nodes and flows marked by the
 * instance's flow data. The bpmn.io logo bpmn-js draws stays visible: its licence asks for it.
 */
export default function ProcessDiagram({ xml, flow }: { xml: string; flow: FlowStep[] }) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const host = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState('')

  useEffect(() => {
    if (!host.current || !xml) return
    const viewer = new NavigatedViewer({ container: host.current })
    let live = true
    viewer
      .importXML(xml)
      .then(() => {
        if (!live) return
        const canvas = viewer.get<Canvas>('canvas')
        const registry = viewer.get<Registry>('elementRegistry')
        for (const [id, mark] of marksOf(flow)) if (registry.get(id)) canvas.addMarker(id, mark)
        canvas.zoom('fit-viewport')
        setFailed('')
      })
      .catch((e: Error) => live && setFailed(e.message))
    return () => {
      live = false
      viewer.destroy()
    }
  }, [xml, flow])

  return (
    <div className={`${s.box} wf-diagram`} ref={host} data-testid="process-diagram">
      {failed && <div className={s.error}>{t('diagram.failed', { reason: failed })}</div>}
    </div>
  )
}
