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
import { enrolmentFields, reviewCourseFields } from '../../../../db/fields/course'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

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
    fields: screenFields(enrolmentFields, {
      realName: {},
      account: {},
      phone: {},
      status: { search: true, width: 100 },
      createTime: { form: false, width: 170 },
    }),
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
    fields: screenFields(reviewCourseFields, {
      title: { search: true },
      type: { search: true, width: 90 },
      teacherName: { width: 120 },
      aditedNum: { width: 90 },
      unauditedNum: { width: 90 },
    }),
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
    fields: screenFields(enrolmentFields, {
      avatar: { form: false, width: 70 },
      realName: { search: true, width: 110 },
      account: { search: true, width: 130 },
      deptName: { width: 140 },
      courseName: {},
      courseType: { width: 90 },
      type: { search: true, list: false },
      status: { search: true, width: 100 },
      remark: { width: 140 },
      createTime: { form: false, width: 170, label: L('申请时间', 'Applied') },
    }),
    toolbar: ({ selected }) => <VerifyToolbar selected={selected} />,
    rowActions: (row) => <VerifyRow row={row} />,
  }
  return <ResourcePage screen={screen} />
}
