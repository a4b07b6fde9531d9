import { describe, expect, it } from 'vitest'
import { grade, parseResponse, QuestionType } from './grading.ts'

const opts = (...correct: boolean[]) => correct.map((c, i) => ({ id: `o${i}`, isCorrect: c ? 1 : 0 }))

describe('grading', () => {
  it('single choice: full points for the correct option, 0 otherwise or for several', () => {
    const key = { type: QuestionType.single, points: 5, options: opts(false, true, false), blanks: [] }
    expect(grade(key, ['o1'])).toEqual({ score: 5, correct: 1 })
    expect(grade(key, 'o1')).toEqual({ score: 5, correct: 1 })
    expect(grade(key, ['o0'])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, ['o0', 'o1'])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, null)).toEqual({ score: 0, correct: 0 })
  })

  it('true/false grades like a single choice between its two options', () => {
    const key = { type: QuestionType.judge, points: 2, options: opts(true, false), blanks: [] }
    expect(grade(key, ['o0'])).toEqual({ score: 2, correct: 1 })
    expect(grade(key, ['o1'])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, [])).toEqual({ score: 0, correct: 0 })
  })

  it('multiple choice: exact set full, any wrong option 0, a correct subset proportional rounded down to 0.5', () => {
    const key = { type: QuestionType.multiple, points: 4, options: opts(true, true, true, false), blanks: [] }
    expect(grade(key, ['o2', 'o0', 'o1'])).toEqual({ score: 4, correct: 1 })
    expect(grade(key, ['o0', 'o1'])).toEqual({ score: 2.5, correct: 2 }) // 4 × 2/3 = 2.67 → 2.5
    expect(grade(key, ['o0'])).toEqual({ score: 1, correct: 2 }) // 4 × 1/3 = 1.33 → 1
    expect(grade(key, ['o0', 'o3'])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, ['o0', 'o1', 'o2', 'o3'])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, [])).toEqual({ score: 0, correct: 0 })
    expect(grade(key, ['o0', 'o0', 'o1', 'o2'])).toEqual({ score: 4, correct: 1 })
  })

  it('fill-in: each blank its share, any accepted alternative, case/width/space-insensitive', () => {
    const key = {
      type: QuestionType.fill,
      points: 3,
      options: [],
      blanks: [['TCP', '传输控制协议'], ['80'], ['HTTP Secure', 'https']],
    }
    expect(grade(key, ['tcp', '８０', '  http   secure '])).toEqual({ score: 3, correct: 1 })
    expect(grade(key, ['传输控制协议', '80', 'HTTPS'])).toEqual({ score: 3, correct: 1 })
    expect(grade(key, ['udp', '80', ''])).toEqual({ score: 1, correct: 2 })
    expect(grade(key, ['udp'])).toEqual({ score: 0, correct: 0 })
    const two = { type: QuestionType.fill, points: 1, options: [], blanks: [['a'], ['b'], ['c']] }
    expect(grade(two, ['a', 'b', 'x'])).toEqual({ score: 0.67, correct: 2 })
  })

  it('short answer waits for the teacher', () => {
    const key = { type: QuestionType.short, points: 10, options: [], blanks: [] }
    expect(grade(key, 'an essay')).toEqual({ score: null, correct: null })
  })

  it('reads stored answers back, refusing anything but text or a list of text', () => {
    expect(parseResponse('["a","b"]')).toEqual(['a', 'b'])
    expect(parseResponse('"text"')).toBe('text')
    expect(parseResponse('{"x":1}')).toBeNull()
    expect(parseResponse('not json')).toBeNull()
    expect(parseResponse(null)).toBeNull()
  })
})
