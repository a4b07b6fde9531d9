import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'assistant.single': {
    zh: '学习助手的模型接口只有一份配置，请编辑现有配置',
    en: 'the study assistant has one model endpoint setting: edit the existing one',
  },
  'assistant.off': {
    zh: '学习助手尚未开启：平台管理员配置并启用模型接口后即可使用',
    en: 'the study assistant is not on yet: it opens once the platform administrator sets up and enables a model endpoint',
  },
  'assistant.question': { zh: '请输入问题（不超过 500 字）', en: 'please enter a question (at most 500 characters)' },
  'assistant.courseId': { zh: '请选择课程', en: 'please choose a course' },
  'assistant.courseClosed': {
    zh: '报名并通过审核后才能就这门课程提问',
    en: 'you can ask about this course once your enrolment is approved',
  },
  'assistant.quota': {
    zh: '本校今天的学习助手提问次数（{quota} 次）已用完，请明天再来',
    en: "your school's {quota} study assistant questions for today are used up: please come back tomorrow",
  },
  'assistant.noQuota': {
    zh: '本校没有学习助手的提问额度，请联系平台管理员开通',
    en: 'your school has no study assistant questions: ask the platform administrator to grant some',
  },
  'assistant.nothingFound': {
    zh: '在这门课程的章节、课件和题目解析中没有找到与问题相关的内容，请换个说法或选择其他课程。',
    en: "Nothing in this course's sections, courseware or question explanations matches the question: try other words or another course.",
  },
  'assistant.modelFailed': {
    zh: '模型接口没有给出回答（{reason}），请稍后再试',
    en: 'the model endpoint gave no answer ({reason}): please try again later',
  },
  'assistant.system': {
    zh: '你是学校的学习助手。只根据下面编号的课程章节回答学生的问题，在所依据的句子后用 [1]、[2] 这样的编号标明出处。章节中没有答案时，直接说明课程中没有相关内容，不要编造。请用中文回答。',
    en: "You are the school's study assistant. Answer the learner's question only from the numbered course sections below, citing the section a statement comes from as [1], [2] right after it. If the sections do not hold the answer, say that the course does not cover it; never make one up. Answer in English.",
  },
})
