import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DocumentArrowUpRegular, RocketRegular } from '@fluentui/react-icons'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../../shared/api'
import { useFetch } from '../../../shared/data'
import { EditorOf } from '../../../shared/resource/editors'
import type { Field as FieldSpec } from '../../../shared/resource/schema'
import { siteConfig } from '../../../shared/config'
import { useSession } from '../../../shared/session'
import { L } from '../../system/fields'
import '../locale'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  files: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
})

const CATEGORY: FieldSpec = {
  name: 'category',
  label: L('流程分类', 'Category'),
  type: 'tree',
  tree: { url: '/api/blade-workflow/design/category/tree' },
}

export interface DeployChoice {
  category: string
  tenantIds: string[]
  files: File[]
}

/**
 * Where a classic deployment goes: its category and — for the platform's own school, whose administrator may deploy
 * to others — the schools (none chosen = this school). With `files`, the .bpmn files to upload as well. The server
 * refuses a school named by anyone else, with its message.
 */
export default function DeployDialog({
  title,
  files: withFiles,
  onDeploy,
  onClose,
}: {
  title: string
  files?: boolean
  onDeploy: (choice: DeployChoice) => Promise<void>
  onClose: () => void
}) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const { tenantId } = useSession()
  const platform = tenantId === siteConfig.defaultTenantId
  const tenants = useFetch<Page<{ tenantId: string; tenantName: string }>>(
    platform ? '/api/blade-system/tenant/list' : undefined,
    { current: 1, size: 200 },
    { silent: true },
  )
  const [category, setCategory] = useState('')
  const [tenantIds, setTenantIds] = useState<string[]>([])
  const [files, setFiles] = useState<File[]>([])
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const noFiles = !!withFiles && !files.length
  const names = (tenants.data?.records ?? []).filter((x) => tenantIds.includes(x.tenantId)).map((x) => x.tenantName)

  const deploy = async () => {
    setTried(true)
    if (noFiles) return
    setBusy(true)
    try {
      await onDeploy({ category, tenantIds, files })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 520 }} data-testid="deploy-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={s.form}>
            {withFiles && (
              <Field
                label={t('flow.files')}
                required
                hint={t('flow.filesHint')}
                validationMessage={tried && noFiles ? t('flow.filesRequired') : undefined}
              >
                <div className={s.files}>
                  {/* The browser's own file button speaks the browser's language, not the page's. */}
                  <Button icon={<DocumentArrowUpRegular />} onClick={() => input.current?.click()}>
                    {t('flow.chooseFiles')}
                  </Button>
                  <Text data-testid="deploy-file-names">{files.map((f) => f.name).join(', ')}</Text>
                </div>
                <input
                  ref={input}
                  type="file"
                  multiple
                  hidden
                  accept=".bpmn,.bpmn20.xml"
                  data-testid="deploy-files"
                  onChange={(e) => setFiles([...(e.target.files ?? [])])}
                />
              </Field>
            )}
            <Field label={t('flow.category')}>
              <EditorOf field={CATEGORY} value={category} onChange={(v) => setCategory(String(v ?? ''))} />
            </Field>
            {platform && (
              <Field label={t('flow.tenants')} hint={t('flow.tenantsHint')}>
                <Combobox
                  multiselect
                  readOnly
                  value={names.join(', ')}
                  selectedOptions={tenantIds}
                  onOptionSelect={(_, d) => setTenantIds(d.selectedOptions)}
                  data-testid="deploy-tenants"
                >
                  {(tenants.data?.records ?? []).map((x) => (
                    <Option key={x.tenantId} value={x.tenantId} text={x.tenantName}>
                      {`${x.tenantName} (${x.tenantId})`}
                    </Option>
                  ))}
                </Combobox>
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              icon={<RocketRegular />}
              disabled={busy}
              onClick={() => void deploy()}
              data-testid="deploy-ok"
            >
              {t('flow.deploy')}
            </Button>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
