import { Badge, Button } from '@fluentui/react-components'
import { ArrowDownloadRegular, BoxMultipleRegular, TextBulletListSquareRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { imageFields } from '../../../../db/fields/lab'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
import ImageInstall from './ImageInstall'
import '../../portal/lab/locale'

/** Lab environments: each row is a real image on the engine with the limits its containers get. */
export default function Images() {
  const { t } = useTranslation('lab')
  const perms = usePermissions()
  const [dialog, setDialog] = useState<{ kind: 'import' | 'build' | 'progress'; rowId?: string } | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-images/images',
    perm: 'lab:image',
    title: L('镜像管理', 'Lab environments'),
    fields: screenFields(imageFields, {
      title: { search: true },
      imageId: { search: true, width: 200 },
      type: { search: true, width: 110 },
      experimentType: { search: true, width: 120 },
      spec: { width: 140 },
      buildState: { form: false, width: 90 },
      service: { width: 90 },
      webPort: { list: false },
      codePath: { list: false },
      path: { list: false },
      securitys: { list: false },
      cpus: { width: 80 },
      memoryMb: { width: 100 },
      pidsLimit: { list: false },
      workspaceMb: { list: false },
      capAdd: { list: false },
      readOnlyRoot: { list: false },
      poolSize: { width: 90 },
      remark: { list: false },
    }),
    toolbar: () => (
      <>
        {perms.has('lab:image:import') && (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="image-import"
          >
            {t('image.import')}
          </Button>
        )}
        {perms.has('lab:image:build') && (
          <Button icon={<BoxMultipleRegular />} onClick={() => setDialog({ kind: 'build' })} data-testid="image-build">
            {t('image.build')}
          </Button>
        )}
      </>
    ),
    rowActions: (row) => (
      <>
        {row.buildState === 1 && (
          <Badge appearance="tint" color="warning">
            {t('image.busy')}
          </Badge>
        )}
        {!!row.buildLog || row.buildState !== 0 ? (
          <Button
            size="small"
            appearance="transparent"
            icon={<TextBulletListSquareRegular />}
            onClick={() => setDialog({ kind: 'progress', rowId: String(row.id) })}
          >
            {t('image.progress')}
          </Button>
        ) : null}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {dialog && <ImageInstall kind={dialog.kind} rowId={dialog.rowId} onClose={() => setDialog(null)} />}
    </>
  )
}
