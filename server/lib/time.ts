/** Timestamps are stored and sent as local 'yyyy-MM-dd HH:mm:ss' text, the format the spec's screens show. */
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export const now = () => formatDateTime()
