/// <reference lib="webworker" />
/** Worker thread entry of question-check.ts: one file in, its checked rows out (embedded files transferred). */
import { checkFile } from './question-check.ts'
import type { Format } from './question-formats.ts'

declare const self: Worker

self.onmessage = async (e: MessageEvent<{ format: Format; bytes: Uint8Array; max: number }>) => {
  try {
    const rows = await checkFile(e.data.format, e.data.bytes, e.data.max)
    const buffers = rows.flatMap((r) => r.files.map((f) => f.bytes.buffer as ArrayBuffer))
    self.postMessage({ rows }, [...new Set(buffers)])
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) })
  }
}
