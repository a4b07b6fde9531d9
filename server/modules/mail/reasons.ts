import type { ApiError } from '../../lib/errors.ts'
import { defineMessages, t, type Lang } from '../../lib/messages.ts'

defineMessages({
  'mail.noAccount': {
    zh: '本校没有可用的邮箱账户：请启用一个账户或设置默认发送策略',
    en: 'the school has no account to send with: enable one or set a default strategy',
  },
  'mail.assumedSent': {
    zh: '发送过程中服务中断，邮件已交给邮件服务器；为避免重复发送未再次发送',
    en: 'the appliance stopped after handing the message to the server; it was not sent again, to avoid a duplicate',
  },
})

/**
 * The outbox keeps a server's answer as the server wrote it, and the appliance's own reasons (no account, the
 * outbound policy, an interrupted hand-over) as `@key|params`, shown in the reader's language.
 */
export const reasonOf = (e: ApiError) => `@${e.key}|${JSON.stringify(e.params)}`

export function readReason(lang: Lang, v: string | null): string | null {
  if (!v) return v
  return v
    .split('\n')
    .map((line) => {
      const m = /^(.*?)@([\w.]+)(?:\|(\{.*\}))?$/.exec(line)
      if (!m) return line
      let params: Record<string, string | number> = {}
      try {
        params = m[3] ? (JSON.parse(m[3]) as Record<string, string | number>) : {}
      } catch {
        return line
      }
      return `${m[1]}${t(lang, m[2], params)}`
    })
    .join('\n')
}
