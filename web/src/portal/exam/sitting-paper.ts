import type { LearnerQuestion } from './QuestionInput'
import type { AnswerState } from './useAnswerSync'

/** A sitting's paper as the exam page holds it (online from the server, offline from offline-exam.ts's copy). */
export interface SittingPaper {
  sittingId: string
  timeId: string
  title: string
  content: string | null
  deadline: number
  serverTime: number
  totalScore: number
  questions: (LearnerQuestion & { points: number })[]
  answers: AnswerState
  /** Set on the offline copy only (offline-exam.ts): the local time serverTime was read at, so the clock runs on from there. */
  clockAt?: number
}
