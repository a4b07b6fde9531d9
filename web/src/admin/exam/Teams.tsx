import { useState } from 'react'
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components'
import { PeopleTeamRegular } from '@fluentui/react-icons'
import { teamFields } from '../../../../db/fields/exam'
import type { Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useTreeOptions } from '../../shared/resource/tree-options'
import { L } from '../system/fields'

interface TeamMember {
  id: string
  userId: string
  realName: string | null
  account: string
  createTime: string | null
}

/** A team's members: the list, students added by class (getStuIdsAndClassIds pre-selects who is in), removal. */
function MembersDialog({ team, onClose }: { team: Row; onClose: () => void }) {
  const say = useSay()
  const perms = usePermissions()
  const { data } = useFetch<Page<TeamMember>>('/api/hm-teamUser/teamUser/getTeamUserInfo', {
    teamId: team.id,
    current: 1,
    size: 200,
  })
  const { data: current } = useFetch<{ studentIds: string[] }>('/api/hm-teamUser/teamUser/getStuIdsAndClassIds', {
    teamId: team.id,
  })
  const students = useTreeOptions('/api/hm-examGroup/examGroup/student-tree')
  const [adding, setAdding] = useState<string[]>([])
  const editable = perms.has('exam:team:edit')
  const add = async () => {
    await write(
      '/api/hm-teamUser/teamUser/addStudents',
      { body: { teamId: team.id, studentIds: adding } },
      { invalidates: ['/api/hm-team/team'] },
    )
    setAdding([])
    notify.success(say('operationSuccessful'))
  }
  const remove = async (id: string) => {
    await write('/api/hm-teamUser/teamUser/remove', { params: { ids: id } }, { invalidates: ['/api/hm-team/team'] })
    notify.success(say('deletedSuccessfully'))
  }
  const inTeam = new Set(current?.studentIds ?? [])
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 720 }} data-testid="members-dialog">
        <DialogBody>
          <DialogTitle>
            {say(L('团队成员', 'Team members'))} · {String(team.name)}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {editable && (
              <div style={{ display: 'flex', gap: 8 }}>
                <Combobox
                  multiselect
                  style={{ flex: 1 }}
                  placeholder={say(L('按班级选择学生', 'Pick students by class'))}
                  readOnly
                  selectedOptions={adding}
                  value={adding.map((id) => students.find((o) => o.value === id)?.label ?? id).join(', ')}
                  onOptionSelect={(_, d) => setAdding(d.selectedOptions)}
                  data-testid="members-pick"
                >
                  {students.map((o) => (
                    <Option key={o.value} value={o.value} text={o.label} disabled={o.disabled || inTeam.has(o.value)}>
                      <span style={{ paddingLeft: o.depth * 16 }}>{o.label}</span>
                    </Option>
                  ))}
                </Combobox>
                <Button
                  appearance="primary"
                  disabled={!adding.length}
                  onClick={() => void add()}
                  data-testid="members-add"
                >
                  {say('add')}
                </Button>
              </div>
            )}
            <Table size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{say(L('姓名', 'Name'))}</TableHeaderCell>
                  <TableHeaderCell>{say(L('账号', 'Account'))}</TableHeaderCell>
                  <TableHeaderCell>{say(L('加入时间', 'Joined'))}</TableHeaderCell>
                  <TableHeaderCell />
                </TableRow>
              </TableHeader>
              <TableBody>
                {data?.records.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.realName ?? m.account}</TableCell>
                    <TableCell>{m.account}</TableCell>
                    <TableCell>{m.createTime}</TableCell>
                    <TableCell>
                      {editable && (
                        <Button size="small" appearance="transparent" onClick={() => void remove(m.id)}>
                          {say('delete')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data && !data.records.length && <Text>{say(L('还没有成员', 'No members yet'))}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Teams as cards, with their question set (a paper) and members. */
export default function Teams() {
  const say = useSay()
  const [members, setMembers] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-team/team',
    perm: 'exam:team',
    title: L('团队管理', 'Teams'),
    layout: 'cards',
    listPath: 'page-card',
    fields: screenFields(teamFields, {
      name: { search: true },
      intro: { span: 24 },
      memberCount: { form: false },
      paperId: { list: false },
      cover: { list: false },
    }),
    rowActions: (row: Row) => (
      <Button
        size="small"
        appearance="transparent"
        icon={<PeopleTeamRegular />}
        onClick={() => setMembers(row)}
        data-testid="row-members"
      >
        {say(L('成员', 'Members'))}
      </Button>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {members && <MembersDialog team={members} onClose={() => setMembers(null)} />}
    </>
  )
}
