/// <reference lib="webworker" />
/** Worker thread entry of question-check.ts: one file in, its checked rows out (embedded files transferred). */
import { checkFile } from './question-check.ts'
import type { Format } from './question-formats.ts'

declare const self: Worker
const CHUNK = 200

self.onmessage = async (e: MessageEvent<{ format: Format; bytes: Uint8Array; max: number }>) => {
  try {
    const rows = await checkFile(e.data.format, e.data.bytes, e.data.max)
    // In chunks: the server reads each message on its event loop, and 5,000 rows in one would hold it ~60 ms.
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      const buffers = chunk.flatMap((r) => r.files.map((f) => f.bytes.buffer as ArrayBuffer))
      self.postMessage({ chunk }, [...new Set(buffers)])
    }
    self.postMessage({ done: true })
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) })
  }
}
