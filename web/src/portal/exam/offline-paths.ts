/** The exam's notice and paper: the two reads the exam page needs to reopen, kept offline (offline-exam.ts, exam-sw.ts). */
export const NOTICE_PATH = '/api/nep-wbp/paperTime/showPaperMessage'
export const PAPER_PATH = '/api/nep-wbp/paperQuestion/toAnswer'
export const PAPER_PATHS = [NOTICE_PATH, PAPER_PATH]

/** The address the page's API client asks for (shared/api.ts: the path and its query). */
export const paperKey = (path: string, timeId: string) => `${path}?${new URLSearchParams({ timeId })}`
