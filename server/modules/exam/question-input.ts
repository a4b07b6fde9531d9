import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { QuestionType } from './grading.ts'
import { questionFields } from '../../../db/fields/exam.ts'
import { requiredText } from '../../../db/fields/types.ts'

defineMessages({
  // The stem's required message is the field description's (db/fields/exam.ts), the same one the form shows.
  'question.content': requiredText(questionFields.content)!,
  'question.type': {
    zh: '请选择题型（1 单选、2 多选、3 判断、4 填空、5 简答）',
    en: 'please choose the question type (1 single, 2 multiple, 3 true/false, 4 fill-in, 5 short answer)',
  },
  'question.hard': {
    zh: '请选择难度（1 简单、2 中等、3 困难）',
    en: 'please choose the difficulty (1 easy, 2 medium, 3 hard)',
  },
  'question.score': { zh: '分值必须是 0 到 1000 之间的数', en: 'points must be a number from 0 to 1000' },
  'question.options': {
    zh: '选择题至少需要两个非空选项',
    en: 'a choice question needs at least two non-empty options',
  },
  'question.singleCorrect': {
    zh: '单选题必须恰好有一个正确选项',
    en: 'a single-choice question needs exactly one correct option',
  },
  'question.multipleCorrect': {
    zh: '多选题至少需要一个正确选项',
    en: 'a multiple-choice question needs at least one correct option',
  },
  'question.judge': { zh: '判断题的答案必须是“正确”或“错误”', en: 'a true/false answer must be true or false' },
  'question.blanks': {
    zh: '填空题至少需要一个空，每个空至少一个可接受答案',
    en: 'a fill-in question needs at least one blank with at least one accepted answer',
  },
  'question.tooManyOptions': { zh: '选项最多 26 个', en: 'at most 26 options' },
  'question.fraction': {
    zh: '选项得分比例必须是 -1 到 1 之间的数（如 0.5 表示一半分数）',
    en: 'an option’s grade fraction must be a number from -1 to 1 (0.5 is half the points)',
  },
  'question.fractionSingle': {
    zh: '按比例计分的单选题必须有一个选项得满分（比例 1）',
    en: 'a single-choice question with grade fractions needs one option worth full points (fraction 1)',
  },
  'question.fractionSum': {
    zh: '按比例计分的多选题，正确选项的比例之和必须是 1（100%），现在是 {sum}%',
    en: 'the positive grade fractions of a multiple-choice question must add up to 1 (100%); they add up to {sum}%',
  },
})

export interface OptionInput {
  id?: string
  content: string
  isCorrect: boolean
  /** Share of the points when picked (-1…1); set on every option of a question with fractions, else absent. */
  fraction?: number | null
}

/** A question as every entry point (form, import, seed) hands it over, before storing. */
export interface QuestionInput {
  type: number
  hard: number
  content: string
  title?: string | null
  analysis?: string | null
  answer?: string | null
  score: number
  courseName?: string | null
  bankType?: string | null
  examCenter?: string | null
  author?: string | null
  cover?: string | null
  experimentId?: string | null
  options: OptionInput[]
  blanks: string[][]
}

export const JUDGE_TRUE = ['1', 'true', 't', 'yes', 'y', '正确', '对', '√', '是']
export const JUDGE_FALSE = ['0', 'false', 'f', 'no', 'n', '错误', '错', '×', '否']
export const judgeOptions = (truth: boolean): OptionInput[] => [
  { content: '正确', isCorrect: truth },
  { content: '错误', isCorrect: !truth },
]

export const labelOf = (i: number) => String.fromCharCode(65 + i)

const text = (v: unknown) => (v === undefined || v === null ? null : String(v))

/**
 * Checks and normalises a question: the field at fault names the 400.
 * Rich text (stem, analysis, reference answer, options) is sanitised here, so
 * every way in stores the same safe HTML.
 */
export function normaliseQuestion(raw: Record<string, unknown>): QuestionInput {
  const type = Number(raw.type)
  if (!Number.isInteger(type) || type < 1 || type > 5) throw badRequest('question.type', { field: 'type' }, 'type')
  const hard = raw.hard === undefined || raw.hard === null || raw.hard === '' ? 1 : Number(raw.hard)
  if (!Number.isInteger(hard) || hard < 1 || hard > 3) throw badRequest('question.hard', { field: 'hard' }, 'hard')
  const score = raw.score === undefined || raw.score === null || raw.score === '' ? 1 : Number(raw.score)
  if (!Number.isFinite(score) || score < 0 || score > 1000)
    throw badRequest('question.score', { field: 'score' }, 'score')
  const content = sanitizeRichText('questionStem', String(raw.content ?? '')).trim()
  if (!content) throw badRequest('question.content', { field: 'content' }, 'content')

  let options: OptionInput[] = []
  let blanks: string[][] = []
  if (type === QuestionType.single || type === QuestionType.multiple || type === QuestionType.judge) {
    const given = Array.isArray(raw.options) ? raw.options : []
    options = given.map((o) => {
      const r = (o ?? {}) as Record<string, unknown>
      return {
        id: typeof r.id === 'string' && r.id ? r.id : undefined,
        content: sanitizeRichText('questionOption', String(r.content ?? '')).trim(),
        isCorrect: r.isCorrect === true || Number(r.isCorrect) === 1,
        fraction: r.fraction === undefined || r.fraction === null || r.fraction === '' ? null : Number(r.fraction),
      }
    })
    options = withFractions(type, options)
    if (type === QuestionType.judge && !options.length) {
      const a = String(raw.answer ?? '')
        .trim()
        .toLowerCase()
      if (JUDGE_TRUE.includes(a)) options = judgeOptions(true)
      else if (JUDGE_FALSE.includes(a)) options = judgeOptions(false)
      else throw badRequest('question.judge', { field: 'answer' }, 'answer')
    }
    if (options.length < 2 || options.some((o) => !o.content))
      throw badRequest('question.options', { field: 'options' }, 'options')
    if (options.length > 26) throw badRequest('question.tooManyOptions', { field: 'options' }, 'options')
    const right = options.filter((o) => o.isCorrect).length
    if ((type === QuestionType.single || type === QuestionType.judge) && right !== 1)
      throw badRequest(
        type === QuestionType.judge ? 'question.judge' : 'question.singleCorrect',
        { field: 'options' },
        'options',
      )
    if (type === QuestionType.judge && options.length !== 2)
      throw badRequest('question.judge', { field: 'options' }, 'options')
    if (type === QuestionType.multiple && right < 1)
      throw badRequest('question.multipleCorrect', { field: 'options' }, 'options')
  }
  if (type === QuestionType.fill) {
    const given = Array.isArray(raw.blanks) ? raw.blanks : []
    blanks = given.map((b) => (Array.isArray(b) ? b : [b]).map((a) => String(a ?? '').trim()).filter(Boolean))
    if (!blanks.length || blanks.some((b) => !b.length))
      throw badRequest('question.blanks', { field: 'blanks' }, 'blanks')
  }
  return {
    type,
    hard,
    score,
    content,
    options,
    blanks,
    title: text(raw.title),
    courseName: text(raw.courseName),
    bankType: text(raw.bankType),
    examCenter: text(raw.examCenter),
    author: text(raw.author),
    cover: text(raw.cover),
    experimentId: text(raw.experimentId) || null,
    analysis: raw.analysis ? sanitizeRichText('questionAnalysis', String(raw.analysis)) : null,
    answer:
      type === QuestionType.short && raw.answer
        ? sanitizeRichText('questionAnswer', String(raw.answer))
        : summary(type, options, blanks),
  }
}

/**
 * Choice questions may carry grade fractions (partial credit, negative marks); true/false cannot. When any option
 * has one, every option gets one (missing = 0) and the correct flags follow them: the full-points option of a single
 * choice, the options worth something of a multiple choice. Fractions that can never reach full points are refused.
 */
function withFractions(type: number, options: OptionInput[]): OptionInput[] {
  if (type === QuestionType.judge || options.every((o) => o.fraction == null))
    return options.map(({ fraction: _f, ...o }) => o)
  const out = options.map((o) => ({ ...o, fraction: o.fraction ?? 0 }))
  if (out.some((o) => !Number.isFinite(o.fraction) || o.fraction < -1 || o.fraction > 1))
    throw badRequest('question.fraction', { field: 'options' }, 'options')
  if (type === QuestionType.single) {
    if (!out.some((o) => o.fraction >= 1 - FRACTION_TOLERANCE))
      throw badRequest('question.fractionSingle', { field: 'options' }, 'options')
    return out.map((o) => ({ ...o, isCorrect: o.fraction >= 1 - FRACTION_TOLERANCE }))
  }
  const sum = out.reduce((n, o) => n + Math.max(0, o.fraction), 0)
  if (Math.abs(sum - 1) > FRACTION_TOLERANCE * out.length)
    throw badRequest('question.fractionSum', { field: 'options', sum: Math.round(sum * 1e4) / 100 }, 'options')
  return out.map((o) => ({ ...o, isCorrect: o.fraction > 0 }))
}
/** Moodle writes thirds and sevenths with 5 decimals (33.33333%): sums of them land within this of 1. */
export const FRACTION_TOLERANCE = 1e-4

/** The read-only answer column for objective questions: "A,C", "正确", "TCP|传输控制协议; 80". */
function summary(type: number, options: OptionInput[], blanks: string[][]): string | null {
  if (type === QuestionType.fill) return blanks.map((b) => b.join('|')).join('; ')
  if (type === QuestionType.judge) return options.find((o) => o.isCorrect)?.content ?? null
  return (
    options
      .map((o, i) => (o.isCorrect ? labelOf(i) : ''))
      .filter(Boolean)
      .join(',') || null
  )
}

/** The message key of an ApiError thrown by normaliseQuestion, for import reports. */
export const reasonOf = (e: unknown): { key: string; field?: string; params: Record<string, string | number> } =>
  e instanceof ApiError ? { key: e.key, field: e.field, params: e.params } : { key: 'error.unknown', params: {} }
