import { unzipSync } from 'fflate'

/**
 * What an XLSX (a zip) may declare before anything inflates it: a 150 KB sheet that inflates to half a gigabyte
 * is refused from its central directory alone. Entries up to RATIO_FREE bytes may compress as well as they like
 * (small XML parts do); a bigger one must not shrink more than MAX_RATIO times, as only padding does.
 */
export const XLSX_LIMITS = {
  maxEntries: 1000,
  maxTotal: 64 * 1024 * 1024,
  maxRatio: 200,
  ratioFree: 1024 * 1024,
}

export type ZipVerdict = { ok: true } | { ok: false; key: string; params?: Record<string, string | number> }

export function checkZip(bytes: Uint8Array, limits = XLSX_LIMITS): ZipVerdict {
  let entries = 0
  let total = 0
  let verdict: ZipVerdict = { ok: true }
  try {
    // The filter sees each entry's declared sizes from the central directory; answering false inflates nothing.
    unzipSync(bytes, {
      filter(f) {
        if (!verdict.ok) return false
        entries++
        total += f.originalSize
        if (entries > limits.maxEntries)
          verdict = { ok: false, key: 'import.zipEntries', params: { max: limits.maxEntries } }
        else if (total > limits.maxTotal)
          verdict = { ok: false, key: 'import.zipSize', params: { max: `${limits.maxTotal / 1024 / 1024} MB` } }
        else if (f.originalSize > limits.ratioFree && f.originalSize > Math.max(1, f.size) * limits.maxRatio)
          verdict = {
            ok: false,
            key: 'import.zipRatio',
            params: {
              entry: f.name.slice(0, 100),
              ratio: Math.round(f.originalSize / Math.max(1, f.size)),
              max: limits.maxRatio,
            },
          }
        return false
      },
    })
  } catch {
    return { ok: false, key: 'import.badFile', params: { format: 'XLSX' } }
  }
  return verdict
}
