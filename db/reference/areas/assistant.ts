import { CRUD, defineReference } from '../types.ts'

/**
 * The study assistant (/home/ai): the model endpoint is platform policy (a platform screen under System); each
 * school's administrators read the audit of the questions its learners asked.
 */
export default defineReference({
  menus: [
    {
      code: 'assistant:config',
      name: '学习助手模型',
      alias: 'Study assistant model',
      path: '/system/assistant',
      source: 'plug',
      parent: 'system',
      sort: 110,
      platform: true,
      buttons: CRUD,
    },
    {
      code: 'assistant:question',
      name: '学习助手提问记录',
      alias: 'Study assistant questions',
      path: '/system/assistant-questions',
      source: 'log',
      parent: 'system',
      sort: 111,
      grant: ['manager'],
      buttons: ['view'],
    },
  ],
})
