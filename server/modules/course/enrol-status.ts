/**
 * Enrolment status (hm_course_user.status), apart from the enrolment resource so that what course.ts itself reads
 * (the course overview) can name it without importing the resource that imports course.ts.
 */
export const ENROL = { pending: 0, approved: 1, rejected: 2 } as const
