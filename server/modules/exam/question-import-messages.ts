import { defineMessages } from '../../lib/messages.ts'

/** What an import report says: refusals (import.*) and conversions (import.note.*), in zh and en. */
defineMessages({
  'import.badFile': { zh: '无法读取 {format} 文件', en: 'cannot read the {format} file' },
  'import.header': { zh: '缺少表头列：{columns}', en: 'missing header columns: {columns}' },
  'import.notObject': { zh: '该项不是一个题目对象', en: 'this item is not a question object' },
  'import.moodleType': { zh: '不支持的 Moodle 题型：{type}', en: 'unsupported Moodle question type: {type}' },
  'import.empty': { zh: '文件中没有题目', en: 'the file holds no questions' },
  'import.tooMany': { zh: '一次最多导入 {max} 道题', en: 'at most {max} questions per import' },
  'import.tooManyCells': {
    zh: '表格的一行最多 {max} 个单元格',
    en: 'a sheet row may have at most {max} cells',
  },
  'import.zipEntries': { zh: 'XLSX 文件内的条目超过 {max} 个', en: 'the XLSX file holds more than {max} entries' },
  'import.zipSize': {
    zh: 'XLSX 文件解压后超过 {max}，不予读取',
    en: 'the XLSX file would inflate to more than {max}; it is not read',
  },
  'import.zipRatio': {
    zh: 'XLSX 文件内的 {entry} 压缩比为 {ratio}:1（上限 {max}:1），疑似压缩炸弹，不予读取',
    en: 'the XLSX entry {entry} is compressed {ratio}:1 (at most {max}:1), like a zip bomb; it is not read',
  },
  'import.format': {
    zh: '文件格式必须是 json、csv、xlsx 或 Moodle XML（.xml）',
    en: 'the format must be json, csv, xlsx or Moodle XML (.xml)',
  },
  'import.moodleGrade': {
    zh: '答案“{answer}”的得分 {grade}% 不是 Moodle 允许的分值（100、90、83.33333、80、75、70、66.66667、60、50、40、33.33333、30、25、20、16.66667、14.28571、12.5、11.11111、10、5、0 及其负值）',
    en: 'the grade {grade}% of the answer “{answer}” is not one Moodle allows (100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0 and their negatives)',
  },
  'import.moodleFileMissing': {
    zh: '题目引用了文件中没有附带的文件：{file}',
    en: 'the question links files the file does not carry: {file}',
  },
  'import.moodleFileType': {
    zh: '附带的文件 {file} 类型不允许（允许：{allowed}）',
    en: 'the embedded file {file} is not an allowed type (allowed: {allowed})',
  },
  'import.moodleFileSize': {
    zh: '附带的文件 {file} 超过 {max}',
    en: 'the embedded file {file} is larger than {max}',
  },
  'import.clozeKind': {
    zh: '完形填空的第 {n} 个子题是 {kind} 类型，无法导入（支持 SHORTANSWER、NUMERICAL、MULTICHOICE 及其变体）',
    en: 'sub-question {n} of the cloze question is of kind {kind}, which cannot be imported (SHORTANSWER, NUMERICAL, MULTICHOICE and their variants can)',
  },
  'import.clozeEmpty': { zh: '完形填空题中没有子题', en: 'the cloze question has no sub-questions' },
  'import.clozeSyntax': {
    zh: '完形填空的第 {n} 个子题缺少结尾的 }',
    en: 'sub-question {n} of the cloze question has no closing }',
  },
  'import.clozePartNoAnswer': {
    zh: '完形填空的第 {n} 个子题（{kind}）没有满分答案',
    en: 'sub-question {n} of the cloze question ({kind}) has no answer worth full marks',
  },
  'import.note.partialDropped': {
    zh: '填空只接受满分答案，部分得分的答案未导入：{answers}',
    en: 'a blank accepts full-mark answers only; the partly right answers were left out: {answers}',
  },
  'import.note.tolerance': {
    zh: '第 {n} 空的数值误差范围未导入，只接受准确答案',
    en: 'the numeric tolerance of blank {n} was left out: only the exact answer is accepted',
  },
  'import.note.caseSensitive': {
    zh: '第 {n} 空在 Moodle 中区分大小写，导入后不区分',
    en: 'blank {n} was case-sensitive in Moodle; it now ignores case',
  },
  'import.note.clozeChoice': {
    zh: '第 {n} 个选择子题改为填空，选项列在空后，填写正确选项的文字即可',
    en: 'choice sub-question {n} became a blank with its choices listed after it; typing the right choice’s text scores',
  },
  'import.note.clozeWeights': {
    zh: '子题的权重不同，导入后每空分值相同',
    en: 'the sub-questions had different weights; each blank is now worth the same',
  },
  'import.note.matching': {
    zh: '配对题改为填空题，{pairs} 对各成一空',
    en: 'the matching question became a fill-in with one blank for each of its {pairs} pairs',
  },
})
