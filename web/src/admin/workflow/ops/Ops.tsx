import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import {
  AlertUrgentRegular,
  DeleteRegular,
  DismissCircleRegular,
  DocumentSearchRegular,
  PersonEditRegular,
  PersonSearchRegular,
  PersonSwapRegular,
} from '@fluentui/react-icons'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ActionContext, Field, ResourceScreen, Row } from '../../../shared/resource/schema'
import { useConfirm } from '../../../shared/useConfirm'
import { L } from '../../system/fields'
import UserPicker, { chosenNames, type PickedUser } from '../../widgets/UserPicker'
import { handlePath, OPS, opsOperation, type WorkRow } from '../api'
import { created, ended, taskName } from '../work/WorkList'
import { INSTANCE_FIELDS } from './instance-fields'
import { useReason } from './useReason'
import '../locale'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  proxy: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
})

type View = 'todo' | 'done' | 'process' | 'proxy'
const CODE = 'workflow:ops'

const instanceName: Field = { name: 'processInstanceName', label: L('流程实例', 'Process instance') }
const assignee: Field = { name: 'assigneeName', label: L('办理人', 'Assignee'), width: 120 }
const TASKS: Record<'todo' | 'done' | 'proxy', { title: Field['label']; listPath: string; fields: Field[] }> = {
  todo: { title: L('待办任务', 'Open tasks'), listPath: 'list', fields: [instanceName, taskName, assignee, created] },
  done: {
    title: L('已办任务', 'Finished tasks'),
    listPath: 'doneList',
    fields: [instanceName, taskName, assignee, created, ended],
  },
  proxy: { title: L('代办任务', "A user's open tasks"), listPath: 'proxy', fields: [instanceName, taskName, created] },
}
/**
 * Workflow operations (blade-workflow/ops): the school's open and finished tasks, its instances and one user's open
 * tasks (proxy), with the administrator's fixes — transfer, change the assignee, urge, terminate with a reason,
 * delete an instance. Each is one ops route; the server checks the caller again and a refusal shows its message.
 */
export default function Ops() {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const perms = usePermissions()
  const navigate = useNavigate()
  const { confirm, dialog: confirmDialog } = useConfirm()
  const { ask, dialog: reasonDialog } = useReason()
  const [view, setView] = useState<View>('todo')
  const [proxyUser, setProxyUser] = useState<PickedUser | null>(null)
  const [picking, setPicking] = useState<'transferTask' | 'changeTaskAssignee' | 'proxy' | null>(null)
  const [pickFor, setPickFor] = useState<{ row: WorkRow; ctx: ActionContext } | null>(null)

  const run = async (name: string, body: Record<string, unknown>, ctx: ActionContext) => {
    await opsOperation(name, body)
    notify.success(t('ops.done'))
    ctx.reload()
  }
  const terminate = async (r: WorkRow, ctx: ActionContext) => {
    const reason = await ask(t('ops.terminateTitle', { name: r.processInstanceName ?? r.name ?? '' }), true)
    if (reason !== null) await run('terminateProcess', { processInstanceId: r.processInstanceId, comment: reason }, ctx)
  }
  const picked = async (users: PickedUser[]) => {
    const kind = picking
    setPicking(null)
    if (!users.length) return
    if (kind === 'proxy') return setProxyUser(users[0])
    if (kind && pickFor) await run(kind, { taskId: pickFor.row.taskId, assignee: users[0].id }, pickFor.ctx)
  }

  const act = (icon: ReactElement, label: string, testId: string, onClick: () => void) => (
    <Button size="small" appearance="transparent" icon={icon} data-testid={testId} onClick={onClick}>
      {label}
    </Button>
  )
  const detail = (r: WorkRow) =>
    act(<DocumentSearchRegular />, t('work.detail'), 'row-detail', () => navigate(handlePath(r, true)))

  const taskActions = (row: Row, ctx: ActionContext) => {
    const r = row as WorkRow
    const pick = (kind: 'transferTask' | 'changeTaskAssignee') => {
      setPickFor({ row: r, ctx })
      setPicking(kind)
    }
    return (
      <>
        {detail(r)}
        {perms.has(`${CODE}:handle`) && (
          <>
            {act(<PersonSwapRegular />, t('ops.transfer'), 'row-transfer', () => pick('transferTask'))}
            {act(<PersonEditRegular />, t('ops.changeAssignee'), 'row-assignee', () => pick('changeTaskAssignee'))}
            {act(
              <AlertUrgentRegular />,
              t('ops.urge'),
              'row-urge',
              () => void run('urgeTask', { taskId: r.taskId }, ctx),
            )}
          </>
        )}
        {perms.has(`${CODE}:terminate`) &&
          act(<DismissCircleRegular />, t('ops.terminate'), 'row-terminate', () => void terminate(r, ctx))}
      </>
    )
  }

  const instanceActions = (row: Row, ctx: ActionContext) => {
    const r = row as WorkRow & { status?: string; name?: string }
    const open = r.status === 'running' || r.status === 'suspended'
    return (
      <>
        {detail(r)}
        {open &&
          perms.has(`${CODE}:terminate`) &&
          act(<DismissCircleRegular />, t('ops.terminate'), 'row-terminate', () => void terminate(r, ctx))}
        {perms.has(`${CODE}:delete`) &&
          act(<DeleteRegular />, t('ops.delete'), 'row-delete-process', async () => {
            if (!(await confirm(t('ops.deleteConfirm', { name: r.name ?? '' })))) return
            const reason = await ask(t('ops.deleteTitle', { name: r.name ?? '' }), false)
            if (reason !== null)
              await run('deleteProcess', { processInstanceId: r.processInstanceId, comment: reason }, ctx)
          })}
      </>
    )
  }

  const none = { add: false, edit: false, delete: false, view: false, selection: false }
  const screen: ResourceScreen =
    view === 'process'
      ? {
          base: OPS,
          perm: CODE,
          title: L('流程实例', 'Instances'),
          listPath: 'processList',
          actions: none,
          fields: INSTANCE_FIELDS,
          rowActions: instanceActions,
        }
      : {
          base: OPS,
          perm: CODE,
          title: TASKS[view].title,
          listPath: TASKS[view].listPath,
          query: view === 'proxy' && proxyUser ? { userId: proxyUser.id } : undefined,
          actions: none,
          fields: TASKS[view].fields,
          rowActions: view === 'done' ? (row) => detail(row as WorkRow) : taskActions,
        }

  return (
    <div className={s.root}>
      <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as View)}>
        <Tab value="todo" data-testid="ops-tab-todo">
          {t('ops.todo')}
        </Tab>
        <Tab value="process" data-testid="ops-tab-process">
          {t('ops.instances')}
        </Tab>
        <Tab value="done" data-testid="ops-tab-done">
          {t('ops.finished')}
        </Tab>
        <Tab value="proxy" data-testid="ops-tab-proxy">
          {t('ops.proxy')}
        </Tab>
      </TabList>
      {view === 'proxy' && (
        <div className={s.proxy}>
          <Button icon={<PersonSearchRegular />} onClick={() => setPicking('proxy')} data-testid="ops-proxy-pick">
            {t('ops.pickProxy')}
          </Button>
          <Text>{proxyUser ? t('ops.proxyOf', { name: chosenNames([proxyUser]) }) : t('ops.proxyHint')}</Text>
        </div>
      )}
      {(view !== 'proxy' || proxyUser) && <ResourcePage key={`${view}:${proxyUser?.id ?? ''}`} screen={screen} />}
      <UserPicker
        open={!!picking}
        url="/api/blade-user/user-list"
        onClose={() => setPicking(null)}
        onConfirm={(users) => void picked(users)}
      />
      {confirmDialog}
      {reasonDialog}
    </div>
  )
}
