import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'auth.logsSaved': { zh: '发送成功', en: 'sent successfully' },
  'auth.socialFailed': { zh: '第三方登录失败，请重试', en: 'third-party sign-in failed, please try again' },
  'auth.socialNoAccount': {
    zh: '该第三方账号尚未绑定本地账号，请先注册',
    en: 'this third-party account has no local account yet: please register',
  },
  'auth.cacheCleared': { zh: '清除完毕', en: 'clearing done' },
})
