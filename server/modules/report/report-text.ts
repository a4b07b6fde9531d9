/** The words printed in reports and answered about them, in zh and en (a report is written in its requester's language). */
import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'report.kind': {
    zh: '请选择报表类型（考试成绩或课程学习进度）',
    en: 'please choose the kind of report: exam results or course progress',
  },
  'report.format': { zh: '请选择文件格式（PDF 或 Excel）', en: 'please choose the file format: PDF or Excel' },
  'report.subjectId': { zh: '请选择考试或课程', en: 'please choose the exam or course' },
  'report.days': { zh: '统计天数须为 1 到 366 的整数', en: 'days must be a whole number from 1 to 366' },
  'report.statisticsType': {
    zh: '请选择统计类型（course、exercise 或 user）',
    en: 'please choose the statistics: course, exercise or user',
  },
  'report.generating': {
    zh: '报表生成中，完成后可在报表列表下载',
    en: 'the report is being generated; download it from the list when it is ready',
  },
  'report.examResults': { zh: '考试成绩报告', en: 'Exam results' },
  'report.courseProgress': { zh: '课程学习进度报告', en: 'Course progress' },
  'report.generatedAt': { zh: '生成时间：{at}', en: 'Generated {at}' },
  'report.summary': {
    zh: '参考人数 {sat}，及格 {passed} 人（得分不低于总分 {share}%），平均分 {average}，最高分 {highest}，最低分 {lowest}',
    en: '{sat} sat, {passed} passed (at least {share}% of the points); average {average}, highest {highest}, lowest {lowest}',
  },
  'report.learners': { zh: '学员成绩', en: 'Learners' },
  'report.questions': { zh: '题目正确率', en: 'Questions' },
  'report.distribution': { zh: '分数分布', en: 'Score distribution' },
  'report.col.name': { zh: '姓名', en: 'Name' },
  'report.col.class': { zh: '班级', en: 'Class' },
  'report.col.score': { zh: '得分', en: 'Score' },
  'report.col.total': { zh: '总分', en: 'Points' },
  'report.col.pass': { zh: '是否及格', en: 'Passed' },
  'report.yes': { zh: '及格', en: 'yes' },
  'report.no': { zh: '不及格', en: 'no' },
  'report.col.no': { zh: '序号', en: 'No.' },
  'report.col.question': { zh: '题目', en: 'Question' },
  'report.col.answered': { zh: '作答人数', en: 'Answered' },
  'report.col.correctRate': { zh: '正确率（%）', en: 'Correct (%)' },
  'report.col.band': { zh: '得分率区间', en: 'Share of points' },
  'report.col.count': { zh: '人数', en: 'Learners' },
  'report.progressSummary': {
    zh: '课件 {wares} 个，选课学员 {learners} 人，全部完成 {completed} 人，平均完成度 {average}%',
    en: '{wares} courseware, {learners} learners, {completed} finished everything; average completion {average}%',
  },
  'report.col.account': { zh: '账号', en: 'Account' },
  'report.col.done': { zh: '已完成课件', en: 'Courseware done' },
  'report.col.progress': { zh: '完成度（%）', en: 'Completion (%)' },
  'report.col.lastLearn': { zh: '最近学习', en: 'Last studied' },
})
