import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { CheckmarkRegular, DismissRegular, PeopleRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, createTimeField } from './fields'

const STATUS = [
  { value: 0, label: L('待审核', 'Pending') },
  { value: 1, label: L('已通过', 'Approved') },
  { value: 2, label: L('已驳回', 'Rejected') },
]

const TYPE = [
  { value: 1, label: L('课程', 'Course') },
  { value: 2, label: L('实训营', 'Camp') },
]

/** Approve (1) or reject (2) enrolments, one or many. */
function useVerify() {
  const say = useSay()
  return async (rows: Row[], status: 1 | 2) => {
    if (!rows.length) return notify.warning(say('selectAtLeastOne'))
    await write(
      '/api/hm-courseUser/courseUser/verify',
      { params: { ids: rows.map((r) => r.id).join(','), status } },
      {
        invalidates: [
          '/api/hm-course/course',
          '/api/hm-courseUser/courseUser',
          '/api/blade-system/user/getCourseExamineUserPage',
        ],
      },
    )
    notify.success(say('operationSuccessful'))
  }
}

/** Batch approve / reject buttons for a review list's toolbar. */
function VerifyToolbar({ selected }: { selected: Row[] }) {
  const say = useSay()
  const verify = useVerify()
  return (
    <>
      <Button icon={<CheckmarkRegular />} onClick={() => void verify(selected, 1)} data-testid="approve-selected">
        {say(L('批量通过', 'Approve selected'))}
      </Button>
      <Button icon={<DismissRegular />} onClick={() => void verify(selected, 2)}>
        {say(L('批量驳回', 'Reject selected'))}
      </Button>
    </>
  )
}

/** Approve (anything not approved) and reject (pending) buttons on one row. */
function VerifyRow({ row }: { row: Row }) {
  const say = useSay()
  const verify = useVerify()
  if (row.status === 1) return null
  return (
    <>
      <Button
        size="small"
        appearance="transparent"
        icon={<CheckmarkRegular />}
        onClick={() => void verify([row], 1)}
        data-testid="row-approve"
      >
        {say(L('通过', 'Approve'))}
      </Button>
      {row.status === 0 && (
        <Button
          size="small"
          appearance="transparent"
          icon={<DismissRegular />}
          onClick={() => void verify([row], 2)}
          data-testid="row-reject"
        >
          {say(L('驳回', 'Reject'))}
        </Button>
      )}
    </>
  )
}

/** Enrolments of one course: approve or reject one or many. */
function Enrolments({ course, onClose }: { course: Row; onClose: () => void }) {
  const say = useSay()
  const screen: ResourceScreen = {
    base: '/api/hm-course/course',
    listPath: 'getExamineCoursePage',
    perm: 'content:review',
    title: L('报名名单', 'Enrolments'),
    query: { courseId: String(course.id) },
    invalidates: ['/api/hm-courseUser/courseUser'],
    actions: { add: false, edit: false, delete: false, view: false },
    fields: [
      { name: 'realName', label: L('姓名', 'Name') },
      { name: 'account', label: L('账号', 'Account') },
      { name: 'phone', label: L('手机号', 'Phone') },
      { name: 'status', label: L('审核状态', 'Review'), type: 'select', options: STATUS, search: true, width: 100 },
      { ...createTimeField, label: L('报名时间', 'Enrolled') },
    ],
    toolbar: ({ selected }) => <VerifyToolbar selected={selected} />,
    rowActions: (row) => <VerifyRow row={row} />,
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 980, width: '95vw' }} data-testid="enrolments-dialog">
        <DialogBody>
          <DialogTitle>{String(course.title)}</DialogTitle>
          <DialogContent>
            <ResourcePage screen={screen} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Enrolment review: courses needing approval with approved and pending counts; open one to review its learners. */
export default function Review() {
  const say = useSay()
  const [open, setOpen] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-course/course',
    listPath: 'getExaminePage',
    perm: 'content:review',
    title: L('报名审核', 'Enrolment review'),
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    fields: [
      { name: 'title', label: L('课程名称', 'Course'), search: true },
      { name: 'type', label: L('类型', 'Type'), type: 'select', options: TYPE, search: true, width: 90 },
      { name: 'teacherName', label: L('授课教师', 'Teacher'), width: 120 },
      { name: 'aditedNum', label: L('已审核', 'Approved'), width: 90 },
      { name: 'unauditedNum', label: L('待审核', 'Pending'), width: 90 },
    ],
    rowActions: (row) => (
      <Button
        size="small"
        appearance="transparent"
        icon={<PeopleRegular />}
        onClick={() => setOpen(row)}
        data-testid="row-review"
      >
        {say(L('审核', 'Review'))}
      </Button>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {open && <Enrolments course={open} onClose={() => setOpen(null)} />}
    </>
  )
}

/**
 * Student applications (spec: student verify): every learner's enrolment request across courses and camps, with
 * avatar, name, account and class. A review list only: no add, edit, delete or view, just approve and reject.
 */
export function Applications() {
  const screen: ResourceScreen = {
    base: '/api/blade-system/user',
    listPath: 'getCourseExamineUserPage',
    perm: 'content:application',
    title: L('学员申请', 'Student applications'),
    invalidates: ['/api/hm-courseUser/courseUser', '/api/hm-course/course'],
    actions: { add: false, edit: false, delete: false, view: false },
    fields: [
      { name: 'avatar', label: L('头像', 'Avatar'), type: 'image', form: false, width: 70 },
      { name: 'realName', label: L('姓名', 'Name'), search: true, width: 110 },
      { name: 'account', label: L('学号', 'Student number'), search: true, width: 130 },
      { name: 'deptName', label: L('班级', 'Class'), width: 140 },
      { name: 'courseName', label: L('申请课程', 'Course') },
      { name: 'courseType', label: L('类型', 'Type'), type: 'select', options: TYPE, width: 90 },
      { name: 'type', label: L('类型', 'Type'), type: 'select', options: TYPE, search: true, list: false },
      { name: 'status', label: L('审核状态', 'Review'), type: 'select', options: STATUS, search: true, width: 100 },
      { name: 'remark', label: L('备注', 'Remark'), width: 140 },
      { ...createTimeField, label: L('申请时间', 'Applied') },
    ],
    toolbar: ({ selected }) => <VerifyToolbar selected={selected} />,
    rowActions: (row) => <VerifyRow row={row} />,
  }
  return <ResourcePage screen={screen} />
}
