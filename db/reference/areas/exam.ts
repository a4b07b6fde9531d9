import { defineReference } from '../types.ts'

/** Questions and exams. */
export default defineReference({
  bizDicts: [
    ['question_type', '题型', 'Question type', [['1', '单选题', 'Single choice'], ['2', '多选题', 'Multiple choice'], ['3', '判断题', 'True/false'], ['4', '填空题', 'Fill in the blank'], ['5', '简答题', 'Short answer']]],
    ['question_hard', '难度', 'Difficulty', [['1', '简单', 'Easy'], ['2', '中等', 'Medium'], ['3', '困难', 'Hard']]],
    ['paper_type', '试卷类型', 'Paper type', [['1', '练习', 'Practice'], ['2', '考试', 'Exam'], ['3', '竞赛', 'Competition']]],
  ],
})
