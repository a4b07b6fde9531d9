import { COMMON, defineFields, L, type FieldDef } from './types.ts'
import { cover, listing } from './content.ts'

/**
 * Fields of the teaching-content resources (server/modules/course: courses and
 * camps, sections and their links, courseware and steps, series, activation
 * cards, ratings, enrolments and their review). The server validates with
 * these; the back office's screens (web/src/admin/content) are these plus
 * layout. Required messages are the spec's (back-office §5) where it words
 * them, else the ones the server has always answered. Columns a list answers
 * but no form writes (joined names, counts) are described here too, so every
 * label lives once.
 */

/** Courses (type 1) and training camps (type 2); the teacher is chosen among users with the teacher role. */
export const courseFields = defineFields({
  cover: cover(3),
  title: {
    label: L('课程名称', 'Course name'),
    required: L('请输入课程名称', 'please enter the course name'),
    max: 200,
  },
  teacherId: {
    label: L('授课教师', 'Teacher'),
    type: 'tree',
    tree: { url: '/api/blade-system/user/getUserByRole', params: { role: 'teacher' }, label: 'realName' },
  },
  teacherName: { label: L('授课教师', 'Teacher') },
  specialId: { label: L('专业', 'Major'), type: 'dict', dict: { code: 'course_major', biz: true } },
  cateId: { label: L('课程分类', 'Category'), type: 'dict', dict: { code: 'course_category', biz: true } },
  levelId: { label: L('学历层次', 'Level'), type: 'dict', dict: { code: 'educational_level', biz: true } },
  isAuth: { label: L('报名需审核', 'Review enrolment'), type: 'switch', default: 0 },
  isPractice: { label: L('实践课程', 'Practice course'), type: 'switch', default: 0 },
  price: { label: L('价格（元，0 为免费）', 'Price (yuan, 0 = free)'), type: 'money', default: 0 },
  aditedNum: { label: L('已审核', 'Approved') },
  unauditedNum: { label: L('待审核', 'Pending') },
  status: listing,
  intro: { label: L('简介', 'Introduction'), type: 'textarea' },
  content: { label: L('课程介绍', 'Description'), type: 'richtext' },
  standard: { label: L('课程标准', 'Standard'), type: 'richtext' },
  position: { label: L('课程定位', 'Positioning'), type: 'richtext' },
  target: { label: L('课程目标', 'Objectives'), type: 'richtext' },
  sort: COMMON.sort,
  createTime: { ...COMMON.createTime, type: 'date' },
  remark: COMMON.remark,
})

/** A course's sections (the course comes from the dialog, never from a form field). */
export const sectionFields = defineFields({
  title: { label: L('章节名称', 'Section'), required: L('请输入章节名称', 'please enter the section name'), max: 200 },
  content: { label: L('章节内容', 'Content'), type: 'textarea' },
  sort: COMMON.sort,
})

/** A section's links to courseware, downloads and questions (written by the sections dialog). */
const sectionLink = (target: string, label: ReturnType<typeof L>) =>
  defineFields({ sectionId: { label: L('章节', 'Section') }, [target]: { label }, sort: COMMON.sort })
export const sectionWareFields = sectionLink('wareId', L('课件', 'Courseware'))
export const sectionDownloadFields = sectionLink('downloadId', L('资料', 'Download'))
export const sectionQuestionFields = sectionLink('questionId', L('题目', 'Question'))

/** Courseware: 1 document, 2 video (transcoded by a job), 3 Markdown, 4 experiment steps (spec §3, §5). */
export const wareFields = defineFields({
  title: { label: L('课件名称', 'Name'), required: L('请输入课件名称', 'please enter the courseware name'), max: 200 },
  screen: {
    label: L('场景', 'Scenario'),
    type: 'select',
    options: [
      { value: 1, label: L('课件', 'Course ware') },
      { value: 2, label: L('实验', 'Experiment') },
    ],
    required: L('请选择场景', 'please select the scenario'),
  },
  type: {
    label: L('课件类型', 'Type'),
    type: 'select',
    options: [
      { value: 1, label: L('文档', 'Document') },
      { value: 2, label: L('视频', 'Video') },
      { value: 3, label: L('Markdown', 'Markdown') },
      { value: 4, label: L('实验步骤', 'Experiment steps') },
    ],
    required: L('请选择课件类型', 'please select the courseware type'),
  },
  // Required for documents and videos only (server/modules/course/ware.ts: "please upload a file").
  fileAddress: {
    label: L('课件文件', 'File'),
    type: 'file',
    upload: {
      accept: ['pdf', 'md', 'txt', 'docx', 'pptx', 'xlsx', 'mp4', 'webm', 'mov', 'mkv', 'avi', 'mp3', 'jpg', 'png'],
      maxKB: 100 * 1024,
      max: 1,
      kind: 'courseware',
    },
  },
  content: { label: L('Markdown 内容', 'Markdown'), type: 'textarea' },
  transcodingStatus: {
    label: L('转码状态', 'Transcoding'),
    type: 'select',
    options: [
      { value: 2, label: L('转码中', 'Waiting') },
      { value: 1, label: L('已转码', 'Transcoded') },
      { value: 0, label: L('转码失败', 'Failed') },
    ],
  },
  playTime: { label: L('时长（秒）', 'Length (s)') },
  createTime: COMMON.createTime,
  remark: COMMON.remark,
})

/** Experiment steps of a courseware (type 4); the courseware comes from the dialog. */
export const wareStepFields = defineFields({
  title: { label: L('步骤名称', 'Step'), required: L('请输入步骤名称', 'please enter the step name'), max: 200 },
  content: { label: L('步骤内容', 'Content'), type: 'richtext' },
  sort: COMMON.sort,
})

/** Course series (spec §3: cover, title required, intro and content rich text, sort, listing status). */
export const seriesFields = defineFields({
  cover: cover(1),
  title: { label: L('系列名称', 'Title'), required: L('请输入系列名称', 'please enter the series title'), max: 200 },
  intro: { label: L('简介', 'Introduction'), type: 'richtext' },
  content: { label: L('详情', 'Content'), type: 'richtext' },
  sort: COMMON.sort,
  status: listing,
  remark: COMMON.remark,
})

/** A series' courses, in order (written by the series dialog: series, course, sort). */
export const courseSeriesFields = defineFields({
  seriesId: { label: L('系列', 'Series') },
  courseId: { label: L('课程', 'Course') },
  sort: COMMON.sort,
})

/** Activation cards (generated in batches; status from activation_status). */
export const cardFields = defineFields({
  cardNumber: { label: L('卡号', 'Card number'), required: L('请输入卡号', 'please enter the card number'), max: 64 },
  courseId: { label: L('课程', 'Course'), required: L('请选择课程', 'please select a course') },
  courseName: { label: L('课程', 'Course') },
  batchNo: { label: L('批次', 'Batch'), max: 64 },
  // How many cards one generate makes (its dialog, not a column).
  count: {
    label: L('数量', 'Count'),
    type: 'number',
    default: 10,
    range: {
      min: 1,
      max: 1000,
      integer: true,
      message: L('生成数量必须在 1 到 1000 之间', 'the number of cards must be between 1 and 1000'),
    },
  },
  status: { label: L('状态', 'Status'), type: 'dict', dict: { code: 'activation_status', biz: true } },
  usrName: { label: L('使用人', 'Used by') },
  useTime: { label: L('使用时间', 'Used at'), type: 'datetime' },
  expireTime: { label: L('有效期至', 'Valid until'), type: 'datetime' },
  createTime: COMMON.createTime,
})

/** One of a rating's four stars (1–5, whole). */
const star = (zh: string, en: string) =>
  ({
    label: L(zh, en),
    type: 'number',
    range: { min: 1, max: 5, integer: true, message: L('评分必须是 1 到 5 星', 'ratings must be 1 to 5 stars') },
  }) satisfies FieldDef

/** Course ratings learners write on the portal (four stars of 1–5 and a text); staff hide or remove them. */
export const evaluateFields = defineFields({
  courseName: { label: L('课程', 'Course') },
  userName: { label: L('学员', 'Learner') },
  targetEvaluate: star('目标', 'Objectives'),
  contentEvaluate: star('内容', 'Content'),
  methodEvaluate: star('方法', 'Method'),
  effectEvaluate: star('效果', 'Effect'),
  evaluate: { label: L('评价内容', 'Comment'), type: 'textarea' },
  status: { label: L('显示', 'Shown'), type: 'switch' },
  createTime: COMMON.createTime,
})

/** Enrolment review status (hm_course_user.status) and the kind of course applied for. */
const reviewStatus = {
  label: L('审核状态', 'Review'),
  type: 'select',
  options: [
    { value: 0, label: L('待审核', 'Pending') },
    { value: 1, label: L('已通过', 'Approved') },
    { value: 2, label: L('已驳回', 'Rejected') },
  ],
} satisfies FieldDef
const courseType = {
  label: L('类型', 'Type'),
  type: 'select',
  options: [
    { value: 1, label: L('课程', 'Course') },
    { value: 2, label: L('实训营', 'Camp') },
  ],
} satisfies FieldDef

/**
 * Enrolments (hm-courseUser): staff add learners (course + user) and review
 * them; the review lists answer the learner's and the course's names too.
 */
export const enrolmentFields = defineFields({
  courseId: { label: L('课程', 'Course') },
  userId: { label: L('学员', 'Learner') },
  avatar: { label: L('头像', 'Avatar'), type: 'image' },
  realName: { label: L('姓名', 'Name') },
  account: { label: L('学号', 'Student number') },
  phone: { label: L('手机号', 'Phone') },
  deptName: { label: L('班级', 'Class') },
  courseName: { label: L('申请课程', 'Course') },
  courseType,
  type: courseType,
  status: reviewStatus,
  remark: { label: L('备注', 'Remark') },
  createTime: { ...COMMON.createTime, label: L('报名时间', 'Enrolled') },
})

/** The review screen's course rows (getExaminePage): a course with its approved and pending counts. */
export const reviewCourseFields = defineFields({
  title: courseFields.title,
  type: courseType,
  teacherName: courseFields.teacherName,
  aditedNum: courseFields.aditedNum,
  unauditedNum: courseFields.unauditedNum,
})
