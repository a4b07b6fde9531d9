import { registerLocale } from '../../shared/i18n'

/** Texts of the study assistant page (/home/ai, namespace 'ai'). */
registerLocale('ai', {
  zh: {
    title: '学习助手',
    intro: '就所学课程提问，回答来自课程的章节、课件和题目解析，并标明出处。',
    back: '返回首页',
    offTitle: '学习助手尚未开启',
    offText: '平台管理员配置并启用模型接口后，即可在这里就课程内容提问。',
    course: '课程',
    chooseCourse: '请选择课程',
    noCourses: '还没有可以提问的课程：报名课程并通过审核后即可提问。',
    enrolled: '已报名',
    question: '问题',
    placeholder: '例如：栈和队列有什么区别？',
    ask: '提问',
    asking: '正在回答…',
    stop: '停止',
    quota: '本校今日已提问 {{asked}} / {{quota}} 次',
    noQuota: '本校还没有学习助手的提问额度，请联系平台管理员开通。',
    answer: '回答',
    sources: '引用章节',
    citation: '查看引用 {{n}}：{{title}}',
  },
  en: {
    title: 'Study assistant',
    intro:
      "Ask about a course you take: answers come from the course's sections, courseware and question explanations, with their sources.",
    back: 'Back to the home page',
    offTitle: 'The study assistant is not on yet',
    offText:
      'Once the platform administrator sets up and enables a model endpoint, you can ask about course content here.',
    course: 'Course',
    chooseCourse: 'Choose a course',
    noCourses: 'No course to ask about yet: enrol in a course and, once approved, ask here.',
    enrolled: 'enrolled',
    question: 'Question',
    placeholder: 'For example: what is the difference between a stack and a queue?',
    ask: 'Ask',
    asking: 'Answering…',
    stop: 'Stop',
    quota: 'Your school asked {{asked}} of {{quota}} questions today',
    noQuota: 'Your school has no study assistant questions yet: ask the platform administrator to grant some.',
    answer: 'Answer',
    sources: 'Cited sections',
    citation: 'Open source {{n}}: {{title}}',
  },
})
