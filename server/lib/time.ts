/** Timestamps are stored and sent as local 'yyyy-MM-dd HH:mm:ss' text, the format the spec's screens show. */
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** The current second's text, made once a second: a busy write path (the outbox) asks for it several times a row. */
let second = -1
let secondText = ''
export const now = () => {
  const t = Date.now()
  const s = Math.floor(t / 1000)
  if (s !== second) {
    secondText = formatDateTime(new Date(t))
    second = s
  }
  return secondText
}
