/** The portal's course card (what nep-wbp/course/list and hotCourse answer). */
export interface CourseCard {
  id: string
  type: number
  title: string
  cover: string | null
  intro: string | null
  teacherName: string
  learnerNum: number
  specialId: number | null
  isAuth: number
}

export interface CourseDetail extends CourseCard {
  content: string | null
  standard: string | null
  position: string | null
  target: string | null
  /** Fen; above 0 the course is bought (blade-pay), not signed up for. */
  price: number
  enrolStatus: number | null
  rating: { count: number; target: number; content: number; method: number; effect: number }
}

export interface Ware {
  id: string
  title: string
  type: 1 | 2 | 3 | 4
  playTime: number | null
  transcodingStatus: number | null
  fileUrl?: string | null
  playUrl?: string | null
  fileExt?: string | null
  content?: string | null
  steps?: { id: string; title: string; content: string }[]
  position?: number
  progress?: number
}

export interface Outline {
  enrolled: boolean
  sections: { id: string; title: string; wares: Ware[]; downloads: Download[] }[]
}

/** The first cover of a course at a card-sized width (served resized). */
export const thumb = (cover: string | null | undefined, w = 320) => (cover ? `${cover.split(',')[0]}?w=${w}` : '')

/** A downloadable file as the portal lists it: never its address, which only the lead form releases. */
export interface Download {
  id: string
  title: string
  intro: string | null
  /** MB (spec §3: shown with 2 decimals). */
  fileSize: number
  count: number
}
