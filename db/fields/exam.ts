import { COMMON, defineFields, L } from './types.ts'

/** Question bank (hm-question). Options and blanks are edited structurally in the question dialog. */
export const questionFields = defineFields({
  content: { label: L('题干', 'Stem'), type: 'richtext', required: L('请输入题干', 'please enter the question stem') },
  type: {
    label: L('题型', 'Type'),
    type: 'dict',
    dict: { code: 'question_type', biz: true },
    required: true,
    default: 1,
  },
  hard: { label: L('难度', 'Difficulty'), type: 'dict', dict: { code: 'question_hard', biz: true }, default: 1 },
  score: { label: L('分值', 'Points'), type: 'number', default: 1 },
  answer: { label: L('答案', 'Answer'), max: 20000 },
  analysis: { label: L('解析', 'Analysis'), type: 'richtext' },
  title: { label: L('标题', 'Title'), max: 200 },
  courseName: { label: L('课程', 'Course'), max: 100 },
  bankType: { label: L('题库分类', 'Bank'), max: 100 },
  examCenter: { label: L('考点', 'Topic'), max: 200 },
  author: { label: L('作者', 'Author'), max: 64 },
  createTime: COMMON.createTime,
})

/** Competition/paper (hm-paper): the score is the sum of its questions' points. */
export const paperFields = defineFields({
  name: { label: L('试卷名称', 'Paper name'), required: L('请输入试卷名称', 'please enter the paper name'), max: 200 },
  type: { label: L('试卷类型', 'Paper type'), type: 'dict', dict: { code: 'paper_type', biz: true }, default: 2 },
  score: { label: L('总分', 'Total'), type: 'number' },
  status: COMMON.status,
  createTime: COMMON.createTime,
})

/** Exam (hm-paperTime). */
export const paperTimeFields = defineFields({
  title: { label: L('考试名称', 'Exam title'), required: L('请输入考试名称', 'please enter the exam title'), max: 200 },
  startTime: {
    label: L('开始时间', 'Starts'),
    type: 'datetime',
    required: L('请选择开始时间', 'please choose the start time'),
  },
  endTime: {
    label: L('结束时间', 'Ends'),
    type: 'datetime',
    required: L('请选择结束时间', 'please choose the end time'),
  },
  duration: { label: L('时长（分钟）', 'Duration (min)'), type: 'number', default: 60 },
  paperIds: {
    label: L('试卷（每位考生抽取一份）', 'Papers (one drawn per candidate)'),
    type: 'tree',
    tree: { url: '/api/hm-paper/paper/getPaperNameList', multiple: true, label: 'name' },
    required: L('请选择试卷', 'please choose the papers'),
  },
  groupIds: {
    label: L('考试分组', 'Exam groups'),
    type: 'tree',
    tree: { url: '/api/hm-examGroup/examGroup/list', params: { size: '200' }, multiple: true, label: 'title' },
  },
  classIds: {
    label: L('班级', 'Classes'),
    type: 'tree',
    tree: { url: '/api/hm-examGroup/examGroup/class-tree', multiple: true },
  },
  candidatesNumber: { label: L('考生人数', 'Candidates') },
  showScore: { label: L('发布后显示成绩', 'Show scores once distributed'), type: 'switch', default: 1 },
  shuffle: { label: L('题目与选项乱序', 'Shuffle questions and options'), type: 'switch', default: 0 },
  category: {
    label: L('类别', 'Category'),
    type: 'select',
    options: [
      { value: 0, label: L('考试', 'Exam') },
      { value: 1, label: L('学生竞赛', 'Student competition') },
      { value: 2, label: L('企业竞赛', 'Company competition') },
    ],
    default: 0,
  },
  distributed: { label: L('成绩已发布', 'Results distributed'), type: 'switch' },
  cover: {
    label: L('封面（竞赛）', 'Cover (competitions)'),
    type: 'image',
    upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 1 },
  },
  content: { label: L('考试说明', 'Instructions'), type: 'richtext' },
  /** Only live (1) exams are offered to candidates and competitions shown on the portal. */
  status: COMMON.status,
  createTime: COMMON.createTime,
})

/** Exam/student group (card grid). */
export const examGroupFields = defineFields({
  cover: { label: L('封面', 'Cover'), type: 'image', upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 3 } },
  title: { label: L('标题', 'Title'), required: L('请输入标题', 'please enter a title'), max: 200 },
  category: { label: L('类别', 'Category'), max: 64 },
  classIds: {
    label: L('班级', 'Classes'),
    type: 'tree',
    tree: { url: '/api/hm-examGroup/examGroup/class-tree', multiple: true },
    required: L('请选择班级', 'please select classes'),
  },
  studentIds: {
    label: L('学生', 'Students'),
    type: 'tree',
    tree: { url: '/api/hm-examGroup/examGroup/student-tree', multiple: true },
    required: L('请选择学生', 'please select students'),
  },
  studentNumber: { label: L('学生人数', 'Students'), type: 'number' },
})

/** Team (card grid): members are managed in their own dialog. */
export const teamFields = defineFields({
  cover: { label: L('封面', 'Cover'), type: 'image', upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 1 } },
  name: { label: L('团队名称', 'Team name'), required: L('请输入团队名称', 'please enter the team name'), max: 200 },
  intro: { label: L('简介', 'Introduction'), type: 'textarea', max: 1000 },
  paperId: {
    label: L('题目集（试卷）', 'Question set (paper)'),
    type: 'tree',
    tree: { url: '/api/hm-paper/paper/getPaperNameList', label: 'name' },
  },
  memberCount: { label: L('成员数', 'Members'), type: 'number' },
})
