import { COMMON, defineFields, L } from './types.ts'

/** What a printable report is about; its subjectId names an exam or a course. */
export const REPORT_KINDS = ['examResults', 'courseProgress'] as const
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const

/** Generated reports (blade-report/report/rest): what the list shows and what generating one takes. */
export const reportFields = defineFields({
  name: { label: L('报表名称', 'Report'), max: 200 },
  kind: {
    label: L('报表类型', 'Kind'),
    type: 'select',
    required: L('请选择报表类型', 'please choose the kind of report'),
    options: [
      { value: 'examResults', label: L('考试成绩', 'Exam results') },
      { value: 'courseProgress', label: L('课程学习进度', 'Course progress') },
    ],
  },
  format: {
    label: L('文件格式', 'Format'),
    type: 'select',
    required: L('请选择文件格式', 'please choose the file format'),
    options: [
      { value: 'pdf', label: L('PDF', 'PDF') },
      { value: 'xlsx', label: L('Excel', 'Excel') },
    ],
  },
  subjectId: {
    label: L('考试或课程', 'Exam or course'),
    required: L('请选择考试或课程', 'please choose the exam or course'),
    max: 20,
  },
  lang: { label: L('语言', 'Language'), max: 8 },
  state: {
    label: L('状态', 'State'),
    type: 'select',
    options: [
      { value: 0, label: L('生成中', 'Generating') },
      { value: 1, label: L('已完成', 'Ready') },
      { value: 2, label: L('失败', 'Failed') },
    ],
  },
  fileSize: { label: L('文件大小', 'Size'), type: 'number' },
  error: { label: L('失败原因', 'Failure'), max: 500 },
  remark: COMMON.remark,
})
