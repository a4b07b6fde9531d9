import { CRUD, defineReference, ownRowsFor } from '../types.ts'

const STAFF = ['manager', 'teacher']

/** Questions and exams: bank, papers, exams (with correction and results), exam groups, teams. */
export default defineReference({
  topMenus: [{ code: 'exam', name: '考试中心', alias: 'Exams', source: 'exam', sort: 3 }],
  menus: [
    {
      code: 'exam',
      name: '考试中心',
      alias: 'Exams',
      path: '/exam',
      source: 'exam',
      sort: 6,
      topMenu: 'exam',
      grant: STAFF,
      children: [
        {
          code: 'exam:question',
          name: '题库管理',
          alias: 'Question bank',
          path: '/exam/question',
          source: 'question',
          grant: STAFF,
          buttons: [...CRUD, ['import', '导入', 'Import'], ['export', '导出', 'Export']],
        },
        {
          code: 'exam:paper',
          name: '试卷管理',
          alias: 'Papers',
          path: '/exam/paper',
          source: 'document',
          grant: STAFF,
          buttons: CRUD,
        },
        {
          code: 'exam:paperTime',
          name: '考试管理',
          alias: 'Exams',
          path: '/exam/paperTime',
          source: 'calendar',
          grant: STAFF,
          buttons: [...CRUD, ['correct', '批改', 'Correct'], ['distribute', '发布成绩', 'Distribute results']],
        },
        {
          code: 'exam:group',
          name: '考试分组',
          alias: 'Exam groups',
          path: '/exam/group',
          source: 'people',
          grant: STAFF,
          buttons: CRUD,
        },
        {
          code: 'exam:team',
          name: '团队管理',
          alias: 'Teams',
          path: '/exam/team',
          source: 'people-team',
          grant: STAFF,
          buttons: CRUD,
        },
      ],
    },
  ],
  // A teacher edits, corrects and distributes only what they created (issue #24); an administrator widens a role
  // by granting it "all rows" in the role's data-scope grant.
  dataScopes: ownRowsFor(['teacher'], ['exam:question', 'exam:paper', 'exam:paperTime', 'exam:group', 'exam:team']),
  bizDicts: [
    [
      'question_type',
      '题型',
      'Question type',
      [
        ['1', '单选题', 'Single choice'],
        ['2', '多选题', 'Multiple choice'],
        ['3', '判断题', 'True/false'],
        ['4', '填空题', 'Fill in the blank'],
        ['5', '简答题', 'Short answer'],
      ],
    ],
    [
      'question_hard',
      '难度',
      'Difficulty',
      [
        ['1', '简单', 'Easy'],
        ['2', '中等', 'Medium'],
        ['3', '困难', 'Hard'],
      ],
    ],
    [
      'paper_type',
      '试卷类型',
      'Paper type',
      [
        ['1', '练习', 'Practice'],
        ['2', '考试', 'Exam'],
        ['3', '竞赛', 'Competition'],
      ],
    ],
  ],
})
