import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'auth.logsSaved': { zh: '发送成功', en: 'sent successfully' },
  'auth.cacheCleared': { zh: '清除完毕', en: 'clearing done' },
})
