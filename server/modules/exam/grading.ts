/**
 * Grading rules (documented in the README, tested per type in grading.test.ts):
 *
 * - single choice and true/false: full points when the one chosen option is the
 *   correct one, otherwise 0.
 * - multiple choice: full points for exactly the correct set; 0 when any wrong
 *   option is chosen (or nothing); otherwise partial credit in proportion to the
 *   correct options chosen (points × chosen/correct), rounded down to 0.5.
 * - choice questions whose options carry grade fractions (imported from Moodle:
 *   partial credit, negative marks): points × the sum of the chosen options'
 *   fractions, floored at 0 and capped at full points, rounded to 2 decimals.
 * - fill-in-the-blank: each blank is worth points / number of blanks; a blank is
 *   right when the response equals any accepted alternative after Unicode NFKC
 *   (full-width → half-width), trimming, collapsing inner spaces and ignoring
 *   letter case. The total is rounded to 2 decimals.
 * - short answer: not graded automatically; it waits for the teacher
 *   (score null), who gives 0…points.
 */
export const QuestionType = { single: 1, multiple: 2, judge: 3, fill: 4, short: 5 } as const
export type QuestionTypeCode = (typeof QuestionType)[keyof typeof QuestionType]

export const isObjective = (type: number) => type !== QuestionType.short
export const isChoice = (type: number) =>
  type === QuestionType.single || type === QuestionType.multiple || type === QuestionType.judge

export interface AnswerKey {
  type: number
  points: number
  /** Choice questions: the options with their ids. */
  options: { id: string; isCorrect: number | boolean; fraction?: number | null }[]
  /** Fill-in: accepted alternatives per blank, in blank order. */
  blanks: string[][]
}

/** 1 right, 0 wrong, 2 partly right. */
export interface Grade {
  score: number | null
  correct: 0 | 1 | 2 | null
}

/** A learner's response: option ids (choices), one string per blank (fill-in) or a text (short answer). */
export type Response = string[] | string | null | undefined

/**
 * A response a learner may send (practice or exam): a text up to 20,000 characters, or up to 50 option ids or
 * blanks of up to 2,000 each. Bounds what one answer can store; the question decides what it means.
 */
export const isResponseShape = (a: unknown): a is string | string[] =>
  (typeof a === 'string' && a.length <= 20_000) ||
  (Array.isArray(a) && a.length <= 50 && a.every((x) => typeof x === 'string' && x.length <= 2_000))

export const normaliseBlank = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()

const round2 = (n: number) => Math.round(n * 100) / 100

export function grade(key: AnswerKey, response: Response): Grade {
  const { type, points } = key
  if (type === QuestionType.short) return { score: null, correct: null }
  if (type === QuestionType.fill) {
    const given = Array.isArray(response) ? response : []
    if (!key.blanks.length) return { score: 0, correct: 0 }
    const right = key.blanks.filter(
      (alts, i) =>
        typeof given[i] === 'string' &&
        given[i].trim() !== '' &&
        alts.some((a) => normaliseBlank(a) === normaliseBlank(given[i])),
    ).length
    const score = round2((points * right) / key.blanks.length)
    return { score, correct: right === key.blanks.length ? 1 : right === 0 ? 0 : 2 }
  }
  const chosen = new Set(
    Array.isArray(response) ? response : typeof response === 'string' && response ? [response] : [],
  )
  if (key.options.some((o) => o.fraction != null)) return byFractions(key, chosen)
  const correct = new Set(key.options.filter((o) => Number(o.isCorrect) === 1 || o.isCorrect === true).map((o) => o.id))
  if (type === QuestionType.single || type === QuestionType.judge) {
    const ok = chosen.size === 1 && correct.has([...chosen][0])
    return { score: ok ? points : 0, correct: ok ? 1 : 0 }
  }
  // Multiple choice.
  const wrong = [...chosen].some((id) => !correct.has(id))
  if (wrong || chosen.size === 0 || correct.size === 0) return { score: 0, correct: 0 }
  if (chosen.size === correct.size) return { score: points, correct: 1 }
  return { score: Math.floor(((points * chosen.size) / correct.size) * 2) / 2, correct: 2 }
}

/** Moodle's rule: the picked options' fractions add up; the sum stays within 0…full points. */
function byFractions(key: AnswerKey, chosen: Set<string>): Grade {
  // A single-choice or true/false answer is one option: picking several must not add their fractions up.
  if ((key.type === QuestionType.single || key.type === QuestionType.judge) && chosen.size > 1)
    return { score: 0, correct: 0 }
  const sum = key.options.filter((o) => chosen.has(o.id)).reduce((n, o) => n + (o.fraction ?? 0), 0)
  // Thirds are stored as 0.3333333: three of them are full points.
  const share = sum >= 1 - 1e-4 ? 1 : Math.max(0, sum)
  const score = round2(key.points * share)
  return { score, correct: share === 1 ? 1 : score === 0 ? 0 : 2 }
}

/** Parses a stored answer (JSON text) back into a response; anything unreadable is no answer. */
export function parseResponse(stored: string | null | undefined): Response {
  if (stored == null) return null
  try {
    const v = JSON.parse(stored)
    return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')) ? v : null
  } catch {
    return null
  }
}
