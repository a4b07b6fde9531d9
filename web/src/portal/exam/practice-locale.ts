import { registerLocale } from '../../shared/i18n'

registerLocale('practice', {
  zh: {
    title: '题库练习', byType: '按题型', order: '顺序练习', random: '随机练习', byRequire: '按要求组卷', collects: '我的收藏', errors: '错题本', team: '团队题目',
    check: '提交答案', next: '下一题', prev: '上一题', right: '回答正确', wrong: '回答错误', partly: '部分正确', score: '得分 {{s}} / {{p}}',
    key: '正确答案', analysis: '解析', reference: '参考答案', lastWrong: '上次错误作答：{{a}}（{{n}} 次）', collect: '收藏', uncollect: '取消收藏',
    remove: '移出错题本', empty: '这里还没有题目', of: '第 {{i}} / {{n}} 题', closed: '该题在你正在进行的考试中，考试结束前不能练习。',
    number: '数量', hard: '难度', anyHard: '不限', build: '生成试卷', shortfall: '题库中{{type}}只有 {{a}} 道（要求 {{w}} 道）', checkAll: '交卷并查看结果',
    result: '练习结果', total: '总分 {{s}} / {{p}}', again: '再练一次', noRequire: '请至少为一种题型填写数量',
  },
  en: {
    title: 'Practice', byType: 'By type', order: 'In order', random: 'Random', byRequire: 'Build a paper', collects: 'Favourites', errors: 'Wrong answers', team: 'Team set',
    check: 'Check', next: 'Next', prev: 'Previous', right: 'Correct', wrong: 'Wrong', partly: 'Partly right', score: 'Score {{s}} / {{p}}',
    key: 'Answer', analysis: 'Analysis', reference: 'Reference answer', lastWrong: 'Last wrong answer: {{a}} ({{n}} times)', collect: 'Favourite', uncollect: 'Unfavourite',
    remove: 'Remove from the book', empty: 'No questions here yet', of: 'Question {{i}} of {{n}}', closed: 'This question is on the exam you are sitting: it stays closed until you finish.',
    number: 'Number', hard: 'Difficulty', anyHard: 'Any', build: 'Build the paper', shortfall: 'the bank has only {{a}} {{type}} (asked {{w}})', checkAll: 'Hand in and see the results',
    result: 'Results', total: 'Total {{s}} / {{p}}', again: 'Practise again', noRequire: 'give a number for at least one type',
  },
})
