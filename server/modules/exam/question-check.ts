/**
 * The CPU-heavy half of an import: parse the file and check (sanitise, normalise) every row. It runs in a worker
 * thread (question-check-worker.ts) so that a 5,000-question file does not hold the server's event loop; the
 * same function runs inline where no Worker exists.
 */
import { parseFile, type Format } from './question-formats.ts'
import type { EmbeddedFile, Said } from './question-rows.ts'
import { normaliseQuestion, reasonOf, type QuestionInput } from './question-input.ts'

export interface CheckedRow {
  line: number
  name?: string
  category?: string
  question?: QuestionInput
  error?: Said & { field?: string }
  notes: Said[]
  files: EmbeddedFile[]
}

export async function checkFile(format: Format, bytes: Uint8Array, max: number): Promise<CheckedRow[]> {
  const rows = await parseFile(format, bytes, max)
  return rows.map((r): CheckedRow => {
    const at = { line: r.line, name: r.name, category: r.category }
    if ('error' in r) return { ...at, error: { key: r.error, params: r.params }, notes: [], files: [] }
    try {
      return { ...at, question: normaliseQuestion(r.raw), notes: r.notes ?? [], files: r.files ?? [] }
    } catch (e) {
      const why = reasonOf(e)
      return { ...at, error: { key: why.key, params: why.params, field: why.field }, notes: [], files: [] }
    }
  })
}

/** checkFile in a thread of its own, ended when it answers (or fails). */
export function checkInWorker(format: Format, bytes: Uint8Array, max: number): Promise<CheckedRow[]> {
  if (typeof Worker === 'undefined') return checkFile(format, bytes, max)
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./question-check-worker.ts', import.meta.url).href)
    const finish = () => worker.terminate()
    const rows: CheckedRow[] = []
    worker.onmessage = (e: MessageEvent<{ chunk?: CheckedRow[]; done?: boolean; error?: string }>) => {
      if (e.data.chunk) return void rows.push(...e.data.chunk)
      finish()
      if (e.data.done) resolve(rows)
      else reject(new Error(e.data.error ?? 'question check failed'))
    }
    worker.onerror = (e) => {
      finish()
      reject(e instanceof ErrorEvent ? new Error(e.message) : new Error('question check worker failed'))
    }
    worker.postMessage({ format, bytes, max })
  })
}
