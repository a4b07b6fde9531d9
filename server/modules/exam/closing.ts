/**
 * The one notion of "closed" for exams. The save path, the automatic
 * submission, results distribution and every rule that reveals an answer key
 * ask these functions, so no route can treat a sitting as closed while another
 * still accepts its answers (a learner once read the key in the grace window
 * and then saved the right answers).
 */

/** Sitting states. */
export const ANSWERING = 1,
  SUBMITTED = 2,
  CORRECTED = 3

/** Saves arriving this long after the deadline still count: the network, not the learner, was late. */
export const GRACE_MS = 30_000

export const toEpoch = (s: string) => new Date(s.replace(' ', 'T')).getTime()

/** Whether a sitting still takes answers at `t`: answering, and its deadline plus the grace not yet passed. */
export const takesAnswers = (s: { state: number; deadline: number }, t = Date.now()) =>
  s.state === ANSWERING && t <= s.deadline + GRACE_MS

/** Sittings answering with a deadline before this are closed at `t` (the same rule as takesAnswers, for SQL). */
export const closedDeadlineCut = (t = Date.now()) => t - GRACE_MS

/**
 * An exam's window is closed once no sitting could take an answer any more:
 * its end plus the grace has passed (a sitting's deadline is never after the
 * end it was opened under; a sitting opened before the end was moved earlier
 * is caught by the sittings check in released()).
 */
export const windowClosed = (e: { endTime: string }, t = Date.now()) => t > toEpoch(e.endTime) + GRACE_MS

/**
 * Results are released — and only then may a learner see the exam's answer
 * key — when the teacher distributed them, the window is closed and every
 * sitting is corrected (none still answering, none waiting for correction).
 */
export const released = (e: { endTime: string; distributed: number }, allCorrected: boolean, t = Date.now()) =>
  e.distributed === 1 && windowClosed(e, t) && allCorrected
