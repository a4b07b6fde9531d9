import { registerLocale } from '../../shared/i18n'

registerLocale('exam', {
  zh: {
    myExams: '我的考试', noExams: '暂无可参加的考试', start: '开始答题', resume: '继续答题', enter: '进入考试', records: '考试记录',
    phase: { notStarted: '未开始', open: '进行中', ended: '已结束' },
    window: '考试时间：{{start}} 至 {{end}}', duration: '时长 {{n}} 分钟', remaining: '剩余时间', timeUp: '考试时间已到，试卷已自动提交。',
    saved: '已保存', saving: '保存中…', offline: '离线，{{n}} 个答案待发送', closedSync: '答题已结束',
    offlineHint: '网络已断开：可以继续作答，答案保存在本机，恢复网络后自动提交到服务器。',
    submit: '交卷', submitConfirm: '确认交卷？交卷后不能再修改答案。', unanswered: '还有 {{n}} 题未作答。', cancel: '取消',
    submitted: '试卷已提交', submittedAt: '提交时间：{{t}}', autoSubmitted: '（时间到自动提交）', scorePending: '成绩待老师批改并发布后可见。', score: '得分：{{s}}',
    submitOffline: '网络不可用，答案已保存在本机；恢复网络后再交卷。', notCandidate: '你不在本场考试的考生名单中。', notStarted: '考试尚未开始。', ended: '考试已结束。',
    question: '第 {{n}} 题', points: '{{n}} 分', answered: '已答 {{a}} / {{n}}', blank: '第 {{n}} 空', shortPlaceholder: '在此作答…', back: '返回',
    type: { '1': '单选题', '2': '多选题', '3': '判断题', '4': '填空题', '5': '简答题' },
  },
  en: {
    myExams: 'My exams', noExams: 'No exams to take', start: 'Start', resume: 'Resume', enter: 'Open', records: 'Exam records',
    phase: { notStarted: 'Not started', open: 'Open', ended: 'Ended' },
    window: 'Exam window: {{start}} to {{end}}', duration: '{{n}} minutes', remaining: 'Time left', timeUp: 'Time is up: the paper was submitted automatically.',
    saved: 'Saved', saving: 'Saving…', offline: 'Offline, {{n}} answers waiting', closedSync: 'Answering has ended',
    offlineHint: 'The network is down: keep answering. Answers are kept on this device and sent when the network returns.',
    submit: 'Submit', submitConfirm: 'Submit the paper? Answers cannot be changed afterwards.', unanswered: '{{n}} questions are unanswered.', cancel: 'Cancel',
    submitted: 'Paper submitted', submittedAt: 'Submitted at {{t}}', autoSubmitted: ' (automatically, time was up)', scorePending: 'The score shows once the teacher has corrected and distributed results.', score: 'Score: {{s}}',
    submitOffline: 'No network: your answers are kept on this device. Submit again when the network returns.', notCandidate: 'You are not a candidate of this exam.', notStarted: 'The exam has not started yet.', ended: 'The exam has ended.',
    question: 'Question {{n}}', points: '{{n}} pts', answered: 'Answered {{a}} / {{n}}', blank: 'Blank {{n}}', shortPlaceholder: 'Write your answer…', back: 'Back',
    type: { '1': 'Single choice', '2': 'Multiple choice', '3': 'True/false', '4': 'Fill in the blank', '5': 'Short answer' },
  },
})
