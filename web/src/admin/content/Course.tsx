import { Button } from '@fluentui/react-components'
import { FireRegular, PeopleAddRegular, TextBulletListLtrRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { api } from '../../shared/api'
import { invalidate, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import UserPicker from '../widgets/UserPicker'
import { L, cover, createTimeField, listingStatus, need, remarkField, sortField } from './fields'
import SectionsDialog from './SectionsDialog'

const BASE = '/api/hm-course/course'

/** Course and camp fields (spec §3): the teacher is chosen among users with role teacher and shown by real name. */
export const courseFields = (camp: boolean): Field[] => [
  cover(3),
  {
    name: 'title',
    label: camp ? L('实训营名称', 'Camp name') : L('课程名称', 'Course name'),
    search: true,
    required: need('请输入课程名称', 'please enter the course name'),
  },
  {
    name: 'teacherId',
    label: L('授课教师', 'Teacher'),
    type: 'tree',
    tree: { url: '/api/blade-system/user/getUserByRole', params: { role: 'teacher' }, label: 'realName' },
    list: false,
  },
  { name: 'teacherName', label: L('授课教师', 'Teacher'), form: false, width: 110 },
  {
    name: 'specialId',
    label: L('专业', 'Major'),
    type: 'dict',
    dict: { code: 'course_major', biz: true },
    search: true,
    width: 140,
  },
  {
    name: 'cateId',
    label: L('课程分类', 'Category'),
    type: 'dict',
    dict: { code: 'course_category', biz: true },
    search: true,
    width: 110,
  },
  {
    name: 'levelId',
    label: L('学历层次', 'Level'),
    type: 'dict',
    dict: { code: 'educational_level', biz: true },
    width: 110,
  },
  { name: 'isAuth', label: L('报名需审核', 'Review enrolment'), type: 'switch', default: 0, width: 100 },
  { name: 'isPractice', label: L('实践课程', 'Practice course'), type: 'switch', default: 0, list: false },
  { name: 'aditedNum', label: L('已审核', 'Approved'), form: false, width: 80 },
  { name: 'unauditedNum', label: L('待审核', 'Pending'), form: false, width: 80 },
  listingStatus,
  { name: 'intro', label: L('简介', 'Introduction'), type: 'textarea', list: false },
  { name: 'content', label: L('课程介绍', 'Description'), type: 'richtext', list: false },
  { name: 'standard', label: L('课程标准', 'Standard'), type: 'richtext', list: false },
  { name: 'position', label: L('课程定位', 'Positioning'), type: 'richtext', list: false },
  { name: 'target', label: L('课程目标', 'Objectives'), type: 'richtext', list: false },
  sortField,
  { ...createTimeField, search: true, type: 'date' },
  remarkField,
]

function CourseScreen({ camp }: { camp: boolean }) {
  const say = useSay()
  const perms = usePermissions()
  const [sections, setSections] = useState<Row | null>(null)
  const [adding, setAdding] = useState<Row | null>(null)
  const editable = !camp || perms.has('content:course:edit')
  const screen: ResourceScreen = {
    base: BASE,
    perm: camp ? 'content:camp' : 'content:course',
    title: camp ? L('实训营', 'Training camps') : L('课程管理', 'Courses'),
    query: { type: camp ? '2' : '1' },
    fields: courseFields(camp),
    // The camp list is view-only (spec §2).
    actions: camp ? { add: false, edit: false, delete: false, selection: false } : undefined,
    rowActions: (row) => (
      <>
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
