import { Badge, Button } from '@fluentui/react-components'
import { CheckmarkRegular, DocumentSearchRegular, HandRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../../shared/notify'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { handlePath, PROCESS, taskOperation, type WorkRow } from '../api'
import '../locale'

export type WorkKind = 'todo' | 'claim' | 'send' | 'done' | 'copy'

const TITLES = {
  todo: L('待办事务', 'To do'),
  claim: L('待签事务', 'To claim'),
  send: L('已发事务', 'Sent'),
  done: L('办结事务', 'Done'),
  copy: L('抄送事务', 'Copied to me'),
}

/** The columns every workflow list shares (ops reuses them for its task and instance lists). */
export const processName: Field = { name: 'processDefinitionName', label: L('流程名称', 'Process'), search: true }
export const taskName: Field = { name: 'taskName', label: L('当前节点', 'Current step'), width: 160 }
export const startUser: Field = { name: 'startUsername', label: L('发起人', 'Started by'), width: 120 }
export const created: Field = { name: 'createTime', label: L('创建时间', 'Created'), type: 'datetime', width: 170 }
export const ended: Field = { name: 'endTime', label: L('结束时间', 'Ended'), type: 'datetime', width: 170 }
export const version: Field = { name: 'processDefinitionVersion', label: L('版本', 'Version'), width: 80 }

const COLUMNS: Record<WorkKind, Field[]> = {
  todo: [processName, taskName, startUser, version, created],
  claim: [processName, taskName, startUser, version, created],
  send: [processName, taskName, version, created, ended],
  done: [processName, taskName, startUser, created, ended],
  copy: [processName, taskName, startUser, created],
}

/**
 * One of "My work"'s lists (blade-workflow/process/<kind>List): paged by the server, searchable by process name.
 * A to-do opens its handling screen, a task to claim is claimed here, the others open the read-only detail.
 */
export default function WorkList({ kind }: { kind: WorkKind }) {
  const { t } = useTranslation('workflow')
  const navigate = useNavigate()
  const screen: ResourceScreen = {
    base: PROCESS,
    perm: `work:${kind}`,
    title: TITLES[kind],
    listPath: `${kind}List`,
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    fields: COLUMNS[kind],
    rowActions: (row: Row, ctx) => {
      const r = row as WorkRow
      const finished = r.processIsFinished === true || r.processIsFinished === 'finished'
      return (
        <>
          {kind === 'send' && (
            <Badge appearance="tint" color={finished ? 'success' : 'brand'}>
              {t(finished ? 'work.finished' : 'work.running')}
            </Badge>
          )}
          {kind === 'claim' && (
            <Button
              size="small"
              appearance="transparent"
              icon={<HandRightRegular />}
              data-testid="row-claim"
              onClick={async () => {
                await taskOperation('claimTask', { taskId: r.taskId })
                notify.success(t('work.claimed'))
                ctx.reload()
              }}
            >
              {t('work.claim')}
            </Button>
          )}
          {kind === 'todo' ? (
            <Button
              size="small"
              appearance="transparent"
              icon={<CheckmarkRegular />}
              onClick={() => navigate(handlePath(r, false))}
              data-testid="row-handle"
            >
              {t('work.handle')}
            </Button>
          ) : (
            <Button
              size="small"
              appearance="transparent"
              icon={<DocumentSearchRegular />}
              onClick={() => navigate(handlePath(r, true))}
              data-testid="row-detail"
            >
              {t('work.detail')}
            </Button>
          )}
        </>
      )
    },
  }
  return <ResourcePage screen={screen} />
}

export const TodoList = () => <WorkList kind="todo" />
export const ClaimList = () => <WorkList kind="claim" />
export const SendList = () => <WorkList kind="send" />
export const DoneList = () => <WorkList kind="done" />
export const CopyList = () => <WorkList kind="copy" />
