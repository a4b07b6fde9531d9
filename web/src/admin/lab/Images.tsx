import { Badge, Button } from '@fluentui/react-components'
import { ArrowDownloadRegular, BoxMultipleRegular, TextBulletListSquareRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from '../system/fields'
import ImageInstall from './ImageInstall'
import '../../lab/locale'

/** Lab environments: each row is a real image on the engine with the limits its containers get. */
export default function Images() {
  const { t } = useTranslation('lab')
  const perms = usePermissions()
  const [dialog, setDialog] = useState<{ kind: 'import' | 'build' | 'progress'; rowId?: string } | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-images/images',
    perm: 'lab:image',
    title: L('镜像管理', 'Lab environments'),
    fields: [
      { name: 'title', label: L('名称', 'Name'), search: true, required: need('请输入标题', 'please enter a title') },
      { name: 'imageId', label: L('镜像标识', 'Image reference'), search: true, required: need('请输入镜像标识', 'please enter the image reference'), width: 200 },
      { name: 'type', label: L('镜像来源', 'Source'), type: 'dict', dict: { code: 'image_from', biz: true }, search: true, width: 110 },
      { name: 'experimentType', label: L('实验类型', 'Experiment type'), type: 'dict', dict: { code: 'experiment_type', biz: true }, search: true, width: 120 },
      { name: 'spec', label: L('规格说明', 'Spec'), width: 140 },
      { name: 'buildState', label: L('状态', 'State'), type: 'select', form: false, width: 90, options: [{ value: 0, label: L('就绪', 'Ready') }, { value: 1, label: L('处理中', 'Working') }, { value: 2, label: L('失败', 'Failed') }] },
      { name: 'service', label: L('服务', 'Service'), type: 'select', default: 'terminal', width: 90, options: [{ value: 'terminal', label: L('终端', 'Terminal') }, { value: 'web', label: L('网页应用', 'Web app') }] },
      { name: 'webPort', label: L('网页端口', 'Web port'), type: 'number', list: false },
      { name: 'codePath', label: L('代码路径', 'Code path'), default: '/workspace', list: false },
      { name: 'path', label: L('终端 Shell', 'Terminal shell'), default: '/bin/sh', list: false },
      { name: 'securitys', label: L('网络', 'Network'), type: 'select', default: 'none', list: false, options: [{ value: 'none', label: L('无网络', 'No network') }, { value: 'isolated', label: L('隔离网络', 'Isolated network') }] },
      { name: 'cpus', label: L('CPU（核）', 'CPUs'), type: 'number', default: 1, width: 80 },
      { name: 'memoryMb', label: L('内存（MB）', 'Memory (MB)'), type: 'number', default: 256, width: 100 },
      { name: 'pidsLimit', label: L('进程数上限', 'Process limit'), type: 'number', default: 128, list: false },
      { name: 'workspaceMb', label: L('工作目录（MB）', 'Workspace (MB)'), type: 'number', default: 100, list: false },
      { name: 'capAdd', label: L('保留的能力（逗号分隔）', 'Capabilities kept (comma-separated)'), list: false },
      { name: 'readOnlyRoot', label: L('只读根文件系统', 'Read-only root'), type: 'switch', default: 1, list: false },
      { name: 'poolSize', label: L('预热容器数', 'Warm pool'), type: 'number', default: 0, width: 90 },
      remarkField,
    ],
    toolbar: () => (
      <>
        {perms.has('lab:image:import') && <Button icon={<ArrowDownloadRegular />} onClick={() => setDialog({ kind: 'import' })} data-testid="image-import">{t('image.import')}</Button>}
        {perms.has('lab:image:build') && <Button icon={<BoxMultipleRegular />} onClick={() => setDialog({ kind: 'build' })} data-testid="image-build">{t('image.build')}</Button>}
      </>
    ),
    rowActions: (row) => (
      <>
        {row.buildState === 1 && <Badge appearance="tint" color="warning">{t('image.busy')}</Badge>}
        {!!row.buildLog || row.buildState !== 0 ? (
          <Button size="small" appearance="transparent" icon={<TextBulletListSquareRegular />} onClick={() => setDialog({ kind: 'progress', rowId: String(row.id) })}>{t('image.progress')}</Button>
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
