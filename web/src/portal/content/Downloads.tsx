import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { leadFields } from '../../../../db/fields/content'
import { RULES, ruleProblem, type Text2 } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { usePortalStyles } from './ui'
import type { Download } from './types'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: '10px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  text: { flex: '1 1 220px', display: 'grid' },
})

/**
 * The lead form shown before a file is released: name and phone (11 digits) required, e-mail name@domain — the
 * lead's field description (db/fields/content.ts), which the server checks too, words every message.
 */
function LeadDialog({ file, onClose }: { file: Download; onClose: () => void }) {
  const { t, i18n } = useTranslation(['learn', 'common'])
  const say = (x: Text2) => (i18n.language === 'en' ? x.en : x.zh)
  const [v, setV] = useState({ name: '', phone: '', email: '', unit: '' })
  const [err, setErr] = useState<Record<string, string>>({})
  const submit = async () => {
    const e: Record<string, string> = {}
    if (!v.name.trim()) e.name = say(leadFields.name.required)
    if (!v.phone.trim()) e.phone = say(leadFields.phone.required)
    for (const k of ['phone', 'email'] as const) {
      const broken = !e[k] && ruleProblem(leadFields[k].rules, v[k].trim())
      if (broken) e[k] = say(RULES[broken].message)
    }
    setErr(e)
    if (Object.keys(e).length) return
    const r = await write<{ link: string }>(
      '/api/nop-wbp/downloadMessage/save',
      { body: { ...v, downloadFileId: file.id } },
      { invalidates: ['/api/nop-wbp/download', '/api/nep-wbp/course'] },
    )
    Object.assign(document.createElement('a'), { href: r.link, download: file.title }).click()
    onClose()
  }
  const input = (k: keyof typeof v, label: string, required = false) => (
    <Field label={label} required={required} validationMessage={err[k]}>
      <Input value={v[k]} onChange={(_, d) => setV({ ...v, [k]: d.value })} data-testid={`lead-${k}`} />
    </Field>
  )
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 460 }} data-testid="lead-dialog">
        <DialogBody>
          <DialogTitle>{t('leadTitle')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 10 }}>
            <Text>{t('leadTip')}</Text>
            <Text weight="semibold">{file.title}</Text>
            {input('name', say(leadFields.name.label), true)}
            {input('phone', say(leadFields.phone.label), true)}
            {input('email', say(leadFields.email.label))}
            {input('unit', say(leadFields.unit.label))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button appearance="primary" onClick={() => void submit()} data-testid="lead-submit">
              {t('download')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Rows of downloadable files, each released through the lead form. */
export function DownloadRows({ files }: { files: Download[] }) {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation('learn')
  const [asking, setAsking] = useState<Download | null>(null)
  return (
    <>
      {files.map((d) => (
        <div key={d.id} className={s.row} data-testid="download-row">
          <div className={s.text}>
            <Text weight="semibold">{d.title}</Text>
            {d.intro && (
              <Text size={200} className={p.muted}>
                {d.intro}
              </Text>
            )}
          </div>
          <Text size={200}>
            {d.fileSize.toFixed(2)} MB · {t('count')} {d.count}
          </Text>
          <Button icon={<ArrowDownloadRegular />} onClick={() => setAsking(d)} data-testid="download">
            {t('download')}
          </Button>
        </div>
      ))}
      {asking && <LeadDialog file={asking} onClose={() => setAsking(null)} />}
    </>
  )
}
