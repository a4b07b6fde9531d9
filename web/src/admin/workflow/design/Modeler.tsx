import { Button, Field, Input, Spinner, Toolbar, makeStyles, tokens } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  RocketRegular,
  SaveRegular,
} from '@fluentui/react-icons'
import BpmnModeler from 'bpmn-js/lib/Modeler'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { ApiFailure } from '../../../shared/api'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import flowable from '../../../../../db/reference/flowable-moddle.json'
import { workflowApi } from '../api'
import { blankDiagram } from './blank'
import type { BpmnFactory, DiagramElement, EventBus, ModelerCanvas, Modeling } from './modeler-types'
import PropertiesPanel from './PropertiesPanel'
import '../locale'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: 'calc(100vh - 150px)' },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  body: {
    flex: 1,
    display: 'flex',
    minHeight: '360px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  canvas: { flex: 1, position: 'relative', minWidth: 0 },
})

/** A process id: the engine's processKey (letters, digits, _ and -, starting with a letter or _). */
const KEY = /^[A-Za-z_][\w-]*$/

/**
 * The modeller (spec §2 /workflow/design/process/:id; id "new" draws a new model). bpmn-js draws; the model's name
 * and key are the process's, so what is saved is the diagram as drawn. Save keeps a version (design/model/submit);
 * deploy saves first, then publishes that version (design/model/deploy). A .bpmn file can be imported in place.
 * The bpmn.io logo bpmn-js draws in the corner stays: its licence asks for it.
 */
export default function Modeler() {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const { id = 'new' } = useParams()
  const navigate = useNavigate()
  const perms = usePermissions()
  const host = useRef<HTMLDivElement>(null)
  const file = useRef<HTMLInputElement>(null)
  const modeler = useRef<BpmnModeler | null>(null)
  const [name, setName] = useState('')
  const [key, setKey] = useState('')
  const [selected, setSelected] = useState<DiagramElement | null>(null)
  const [busy, setBusy] = useState<'' | 'load' | 'save' | 'deploy'>('load')
  const [keyError, setKeyError] = useState('')
  // A new model's first save moves the address to its id: the diagram on screen is already that model's.
  const shownId = useRef('')
  const loads = useRef(0)

  const service = <T,>(n: string) => modeler.current!.get<T>(n)

  /** Shows a diagram and takes its process's id and name into the header. */
  const show = async (xml: string) => {
    const m = modeler.current!
    await m.importXML(xml)
    service<ModelerCanvas>('canvas').zoom('fit-viewport')
    const root = service<ModelerCanvas>('canvas').getRootElement().businessObject
    setKey(root.id ?? '')
    setName(root.name ?? '')
    setSelected(null)
  }

  useEffect(() => {
    if (id === shownId.current) return
    shownId.current = id
    // Only the latest load may show its diagram (a model opened after another, or the screen left meanwhile).
    const token = ++loads.current
    const live = () => token === loads.current
    setBusy('load')
    modeler.current?.destroy()
    const m = new BpmnModeler({
      container: host.current!,
      // The engine's own descriptor of the flowable attributes, so what the panel sets is read back the same way.
      moddleExtensions: { flowable },
    })
    modeler.current = m
    m.get<EventBus>('eventBus').on('selection.changed', (e) => setSelected(e.newSelection?.[0] ?? null))
    const load = async () => {
      if (id === 'new') {
        const stamp = Date.now().toString(36)
        return blankDiagram(`process_${stamp}`, t('modeler.newName'), t('modeler.firstTask'))
      }
      return (await workflowApi.modelDetail(id)).xml
    }
    load()
      .then((xml) => (live() ? show(xml) : undefined))
      .catch((e: Error) => {
        if (live() && !(e instanceof ApiFailure)) notify.error(t('modeler.badXml', { reason: e.message }))
      })
      .finally(() => live() && setBusy(''))
    // Loaded once per model: re-running on t would throw away what is being drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  // The modeller goes with the screen.
  useEffect(
    () => () => {
      loads.current++
      modeler.current?.destroy()
      modeler.current = null
      shownId.current = ''
    },
    [],
  )

  const root = () => service<ModelerCanvas>('canvas').getRootElement()
  const modeling = () => service<Modeling>('modeling')

  /** The process's key and name follow the header, so the XML saved names itself. */
  const xmlNow = async () => {
    if (!KEY.test(key)) {
      setKeyError(t('modeler.keyRule'))
      throw new Error(t('modeler.keyRule'))
    }
    setKeyError('')
    const r = root()
    if (r.businessObject.id !== key || (r.businessObject.name ?? '') !== name)
      modeling().updateProperties(r, { id: key, name })
    const { xml } = await modeler.current!.saveXML({ format: true })
    return xml ?? ''
  }

  const save = async () => {
    const xml = await xmlNow()
    // The key is the model's for good once saved (the server refuses a change): only a new model sends it.
    const body = id === 'new' ? { modelKey: key, name: name || key, xml } : { id, name: name || key, xml }
    const saved = await workflowApi.saveModel(body)
    return saved?.id ?? id
  }

  const run = async (what: 'save' | 'deploy') => {
    setBusy(what)
    try {
      const savedId = await save()
      if (what === 'deploy') {
        await workflowApi.deployModel(savedId)
        notify.success(t('modeler.deployed'))
      } else notify.success(t('modeler.saved'))
      if (id === 'new' && savedId !== 'new') {
        shownId.current = savedId
        navigate(`/workflow/design/process/${savedId}`, { replace: true })
      }
    } catch (e) {
      // The client already told a refused call; a diagram that cannot be written is told here.
      if (!(e instanceof ApiFailure)) notify.error((e as Error).message)
      else if (e.field === 'modelKey' || e.field === 'xml') setKeyError(e.message)
    } finally {
      setBusy('')
    }
  }

  const importFile = async (f: File | undefined) => {
    if (!f) return
    try {
      await show(await f.text())
      notify.success(t('modeler.imported', { name: f.name }))
    } catch (e) {
      notify.error(t('modeler.badXml', { reason: (e as Error).message }))
    }
  }

  const download = async () => {
    const xml = await xmlNow()
    const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }))
    Object.assign(document.createElement('a'), { href: url, download: `${key}.bpmn20.xml` }).click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  const may = (code: string) => perms.has(code)
  return (
    <div className={s.page}>
      <div className={s.head}>
        <Field label={t('modeler.processName')}>
          <Input value={name} onChange={(_, d) => setName(d.value)} data-testid="model-name" />
        </Field>
        <Field label={t('modeler.processKey')} validationMessage={keyError}>
          <Input value={key} readOnly={id !== 'new'} onChange={(_, d) => setKey(d.value)} data-testid="model-key" />
        </Field>
        <Toolbar>
          <Button icon={<ArrowLeftRegular />} appearance="subtle" onClick={() => navigate('/workflow/design/model')}>
            {t('modeler.back')}
          </Button>
          <Button
            icon={busy === 'save' ? <Spinner size="tiny" /> : <SaveRegular />}
            appearance="primary"
            disabled={!!busy}
            onClick={() => void run('save')}
            data-testid="model-save"
          >
            {t('modeler.save')}
          </Button>
          {may('workflow:design:model:deploy') && (
            <Button
              icon={busy === 'deploy' ? <Spinner size="tiny" /> : <RocketRegular />}
              disabled={!!busy}
              onClick={() => void run('deploy')}
              data-testid="model-deploy"
            >
              {t('modeler.deploy')}
            </Button>
          )}
          <Button icon={<ArrowUploadRegular />} disabled={!!busy} onClick={() => file.current?.click()}>
            {t('modeler.import')}
          </Button>
          <Button icon={<ArrowDownloadRegular />} disabled={!!busy} onClick={() => void download()}>
            {t('modeler.download')}
          </Button>
        </Toolbar>
        <input
          ref={file}
          type="file"
          accept=".bpmn,.xml,.bpmn20.xml"
          hidden
          data-testid="model-import"
          onChange={(e) => {
            void importFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      <div className={s.body}>
        <div className={s.canvas} ref={host} data-testid="modeler-canvas">
          {busy === 'load' && <Spinner style={{ position: 'absolute', inset: 0 }} />}
        </div>
        <PropertiesPanel
          element={selected}
          onName={(v) => selected && modeling().updateProperties(selected, { name: v })}
          onAttr={(a, v) => selected && modeling().updateProperties(selected, { [`flowable:${a}`]: v || undefined })}
          onCondition={(v) =>
            selected &&
            modeling().updateProperties(selected, {
              conditionExpression: v
                ? service<BpmnFactory>('bpmnFactory').create('bpmn:FormalExpression', { body: v })
                : undefined,
            })
          }
        />
      </div>
    </div>
  )
}
