import { Button } from '@fluentui/react-components'
import { DataBarVerticalRegular, FireRegular, PeopleAddRegular, TextBulletListLtrRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { api } from '../../shared/api'
import { invalidate, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import UserPicker from '../widgets/UserPicker'
import { courseFields } from '../../../../db/fields/course'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
import SectionsDialog from './SectionsDialog'
import { useMenu } from '../shell/menu-store'
import { flatten } from '../shell/menu-tree'

const BASE = '/api/hm-course/course'

/** Course and camp fields (spec §3): the teacher is chosen among users with role teacher and shown by real name. */
export const courseScreenFields = (camp: boolean): Field[] =>
  screenFields(courseFields, {
    cover: { width: 100 },
    title: { search: true, ...(camp ? { label: L('实训营名称', 'Camp name') } : {}) },
    teacherId: { list: false },
    teacherName: { form: false, width: 110 },
    specialId: { search: true, width: 140 },
    cateId: { search: true, width: 110 },
    levelId: { width: 110 },
    isAuth: { width: 100 },
    isPractice: { list: false },
    aditedNum: { form: false, width: 80 },
    unauditedNum: { form: false, width: 80 },
    status: { width: 90 },
    intro: { list: false },
    content: { list: false },
    standard: { list: false },
    position: { list: false },
    target: { list: false },
    sort: { width: 80 },
    createTime: { form: false, search: true, width: 170 },
    remark: { list: false },
  })

function CourseScreen({ camp }: { camp: boolean }) {
  const say = useSay()
  const perms = usePermissions()
  const [sections, setSections] = useState<Row | null>(null)
  const [adding, setAdding] = useState<Row | null>(null)
  const editable = !camp || perms.has('content:course:edit')
  const navigate = useNavigate()
  // Each course links its overview (spec §2 /wel/CourseDetails) when the user's menu holds that page.
  const overview = flatten(useMenu().tree).some((m) => m.path === '/wel/CourseDetails')
  const screen: ResourceScreen = {
    base: BASE,
    perm: camp ? 'content:camp' : 'content:course',
    title: camp ? L('实训营', 'Training camps') : L('课程管理', 'Courses'),
    query: { type: camp ? '2' : '1' },
    fields: courseScreenFields(camp),
    // The camp list is view-only (spec §2).
    actions: camp ? { add: false, edit: false, delete: false, selection: false } : undefined,
    rowActions: (row) => (
      <>
        {overview && (
          <Button
            size="small"
            appearance="transparent"
            icon={<DataBarVerticalRegular />}
            onClick={() => navigate(`/wel/CourseDetails?id=${encodeURIComponent(String(row.id))}`)}
            data-testid="row-overview"
          >
            {say(L('详情', 'Overview'))}
          </Button>
        )}
        {editable && perms.has('content:course:edit') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<TextBulletListLtrRegular />}
            onClick={() => setSections(row)}
            data-testid="row-sections"
          >
            {say(L('章节', 'Sections'))}
          </Button>
        )}
        {!camp && perms.has('content:course:user') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<PeopleAddRegular />}
            onClick={() => setAdding(row)}
            data-testid="row-add-learners"
          >
            {say(L('添加学员', 'Add learners'))}
          </Button>
        )}
        {!camp && perms.has('content:course:hot') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<FireRegular />}
            data-testid="row-hot"
            onClick={async () => {
              await api.get(`${BASE}/${row.isHot ? 'remove-hot-course' : 'set-hot-course'}`, { id: row.id })
              await invalidate(BASE)
              notify.success(say('operationSuccessful'))
            }}
          >
            {say(row.isHot ? L('取消热门', 'Unset hot') : L('设为热门', 'Set hot'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {sections && <SectionsDialog course={sections} onClose={() => setSections(null)} />}
      <UserPicker
        open={!!adding}
        multiple
        filters={{ roleName: 'student' }}
        // Names only, open to course and camp editors (the user screen's page needs the user-admin code).
        url="/api/blade-user/user-list"
        onClose={() => setAdding(null)}
        onConfirm={async (users) => {
          const r = await fetchAdd(
            String(adding!.id),
            users.map((u) => u.id),
          )
          notify.success(`${say('operationSuccessful')} (+${r.added})`)
          setAdding(null)
        }}
      />
    </>
  )
}

const fetchAdd = (courseId: string, userIds: string[]) =>
  write<{ added: number }>(
    '/api/hm-courseUser/courseUser/addCourseUser',
    { body: { courseId, userIds: userIds.join(',') } },
    { invalidates: [BASE] },
  )

export const Courses = () => <CourseScreen camp={false} />
export const Camps = () => <CourseScreen camp />
