import { Button, Image, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons'
import { useRef, useState } from 'react'
import { api } from '../api'
import { notify } from '../notify'
import type { UploadRule } from './schema'
import { useSay } from './text'
import { uploadProblem } from './validate'

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  item: { position: 'relative', display: 'inline-flex', alignItems: 'center', gap: '4px' },
  remove: {
    position: 'absolute',
    top: '-6px',
    right: '-6px',
    minWidth: 0,
    padding: 0,
    width: '20px',
    height: '20px',
    borderRadius: '50%',
  },
  tip: { width: '100%', color: tokens.colorNeutralForeground3 },
})

/**
 * Files for a field, checked against its rule before they leave the browser
 * (type, size, count), uploaded through the one API client, kept as
 * comma-joined links.
 */
export default function Upload({
  value,
  onChange,
  rule,
  images,
  disabled,
}: {
  value: string
  onChange: (v: string) => void
  rule: UploadRule
  images: boolean
  disabled?: boolean
}) {
  const s = useStyles()
  const say = useSay()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const links = value ? value.split(',').filter(Boolean) : []

  const pick = async (files: FileList | null) => {
    if (!files?.length) return
    const chosen = [...files]
    if (links.length + chosen.length > rule.max) return notify.warning(say('tooManyFiles', { count: String(rule.max) }))
    for (const f of chosen) {
      const problem = uploadProblem(f, rule)
      if (problem) return notify.warning(say(problem[0], problem[1]))
    }
    setBusy(true)
    try {
      const added: string[] = []
      for (const f of chosen) added.push((await api.upload(f, rule.kind ?? (images ? 'image' : 'download'))).link)
      onChange([...links, ...added].join(','))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className={s.root}>
      {links.map((l) => (
        <span key={l} className={s.item}>
          {images ? (
            <Image src={l} alt={l.split('/').pop()} width={64} height={64} fit="cover" shape="rounded" bordered />
          ) : (
            <a href={l} target="_blank" rel="noreferrer">
              {l.split('/').pop()}
            </a>
          )}
          {!disabled && (
            <Button
              className={s.remove}
              size="small"
              icon={<DismissRegular fontSize={12} />}
              onClick={() => onChange(links.filter((x) => x !== l).join(','))}
              aria-label="remove"
            />
          )}
        </span>
      ))}
      {!disabled && links.length < rule.max && (
        <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
          {say(images ? 'pleaseUploadImage' : 'pleaseUploadFile')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple={rule.max > 1}
        accept={rule.accept.map((e) => `.${e}`).join(',')}
        onChange={(e) => void pick(e.target.files)}
      />
      {images && (
        <Text size={200} className={s.tip}>
          {say('imageTip')}
        </Text>
      )}
    </div>
  )
}
