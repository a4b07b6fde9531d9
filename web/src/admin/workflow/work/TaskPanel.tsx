import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Option,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowForwardRegular,
  ArrowUndoRegular,
  CheckmarkRegular,
  DismissCircleRegular,
  MailRegular,
  PersonArrowRightRegular,
  PersonSwapRegular,
} from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../../shared/notify'
import { useConfirm } from '../../../shared/useConfirm'
import UserPicker, { type PickedUser } from '../../widgets/UserPicker'
import { taskOperation, workflowApi, type BackNode, type ProcessDetail, type WorkRow } from '../api'
import '../locale'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
})

/** The operations a task form offers, in order. */
const BUTTONS = ['approve', 'reject', 'transfer', 'delegate', 'copy', 'terminate'] as const
type Kind = (typeof BUTTONS)[number]
const ICONS = {
  approve: <CheckmarkRegular />,
  reject: <ArrowUndoRegular />,
  transfer: <PersonSwapRegular />,
  delegate: <PersonArrowRightRegular />,
  copy: <MailRegular />,
  terminate: <DismissCircleRegular />,
}

/**
 * Handling one task: a comment and the operations (approve with the form's variables, reject to a node it may go
 * back to, transfer, delegate, copy, terminate). Each is one call to blade-workflow/process; the server decides who
 * may, and a task someone else finished first answers 409 with its reason.
 */
export default function TaskPanel({
  detail,
  task,
  variables,
  check,
  done = '/work/todo',
}: {
  detail: ProcessDetail
  /** The open task being handled. */
  task: WorkRow
  /** The form's values sent with an approval. */
  variables?: Record<string, unknown>
  /** Checks the form before an approval; false keeps the page. */
  check?: () => boolean
  done?: string
}) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const navigate = useNavigate()
  const { confirm, dialog } = useConfirm()
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [picking, setPicking] = useState<'transfer' | 'delegate' | 'copy' | null>(null)
  const [back, setBack] = useState<BackNode[] | null>(null)
  const [backNode, setBackNode] = useState('')
  const base = { taskId: task.taskId, processInstanceId: detail.process.processInstanceId, comment }

  const act = async (name: string, body: Record<string, unknown>, leave = true) => {
    setBusy(true)
    try {
      await taskOperation(name, { ...base, ...body })
      notify.success(t('process.done'))
      if (leave) navigate(done)
    } finally {
      setBusy(false)
    }
  }

  const press = async (kind: Kind) => {
    if (kind === 'approve') {
      if (check && !check()) return
      return act('completeTask', { pass: true, variables: variables ?? {} })
    }
    if (kind === 'reject') {
      const nodes = await workflowApi.backNodes(String(task.taskId))
      setBackNode(nodes[0]?.nodeId ?? '')
      return setBack(nodes)
    }
    if (kind === 'terminate') {
      if (!(await confirm(t('process.terminateConfirm')))) return
      return act('terminateProcess', {})
    }
    setPicking(kind)
  }

  const picked = async (users: PickedUser[]) => {
    const kind = picking
    setPicking(null)
    if (!kind || !users.length) return
    // Copying leaves the task where it is: the page stays.
    if (kind === 'copy') return act('copyTask', { userIds: users.map((u) => u.id).join(',') }, false)
    await act(kind === 'transfer' ? 'transferTask' : 'delegateTask', { assignee: users[0].id })
  }

  return (
    <div className={s.root}>
      <Field label={t('process.comment')}>
        <Textarea
          value={comment}
          onChange={(_, d) => setComment(d.value)}
          placeholder={t('process.commentHint')}
          resize="vertical"
          data-testid="task-comment"
        />
      </Field>
      <div className={s.buttons}>
        {BUTTONS.map((k) => (
          <Button
            key={k}
            icon={ICONS[k]}
            appearance={k === 'approve' ? 'primary' : 'secondary'}
            disabled={busy}
            onClick={() => void press(k)}
            data-testid={`task-${k}`}
          >
            {t(`process.buttons.${k}`)}
          </Button>
        ))}
      </div>
      <UserPicker
        open={!!picking}
        multiple={picking === 'copy'}
        url="/api/blade-user/user-list"
        onClose={() => setPicking(null)}
        onConfirm={(users) => void picked(users)}
      />
      <Dialog open={!!back} onOpenChange={(_, d) => !d.open && setBack(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('process.buttons.reject')}</DialogTitle>
            <DialogContent>
              <Field label={t('process.backNode')} validationMessage={backNode ? undefined : t('process.pickBackNode')}>
                <Dropdown
                  value={back?.find((n) => n.nodeId === backNode)?.nodeName ?? ''}
                  selectedOptions={[backNode]}
                  onOptionSelect={(_, d) => setBackNode(d.optionValue ?? '')}
                  data-testid="back-node"
                >
                  {(back ?? []).map((n) => (
                    <Option key={n.nodeId} value={n.nodeId}>
                      {n.nodeName || n.nodeId}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setBack(null)}>{t('common:cancel')}</Button>
              <Button
                appearance="primary"
                icon={<ArrowForwardRegular />}
                disabled={!backNode || busy}
                data-testid="back-confirm"
                onClick={() => {
                  setBack(null)
                  void act('rollbackTask', { nodeId: backNode })
                }}
              >
                {t('process.buttons.reject')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {dialog}
    </div>
  )
}
