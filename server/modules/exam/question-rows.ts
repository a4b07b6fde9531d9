/**
 * What every bank-file parser answers (question-formats.ts dispatches to them): rows with the line they came
 * from and, where the file names them, the question's name and category. Apart from the dispatch so the
 * parsers, which the dispatch imports, do not import it back (issue #26).
 */

/** A message key with its parameters, translated in the caller's language by the import. */
export interface Said {
  key: string
  params?: Record<string, string | number>
}
/** A file carried inside a question (Moodle's base64 <file>), referenced from its text as @@ATRIUMFILE@@/<index>. */
export interface EmbeddedFile {
  name: string
  bytes: Uint8Array
}
export const FILE_LINK = '@@ATRIUMFILE@@/'

interface RowBase {
  line: number
  name?: string
  category?: string
}
/** A parsed row: its raw question (checked later by normaliseQuestion) with what was converted, or why it cannot be one. */
export type SourceRow =
  | (RowBase & { raw: Record<string, unknown>; notes?: Said[]; files?: EmbeddedFile[] })
  | (RowBase & { error: string; params?: Record<string, string | number> })

/** Our own layouts name a question by its title and category by its bank type. */
export const named = (raw: Record<string, unknown>) => ({
  name: raw.title ? String(raw.title) : undefined,
  category: raw.bankType ? String(raw.bankType) : undefined,
})
