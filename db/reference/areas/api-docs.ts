import { defineReference } from '../types.ts'

/** The API documentation (OpenAPI document of /api) and its tryout: platform screens under System. */
export default defineReference({
  menus: [
    {
      code: 'system:apidocs',
      name: '接口文档',
      alias: 'API documentation',
      path: '/system/api-docs',
      source: 'document',
      parent: 'system',
      sort: 100,
      platform: true,
    },
    // Spec §2 /test/index: a route of the document tried with the administrator's own sign-in.
    {
      code: 'system:tryout',
      name: '接口调试',
      alias: 'API tryout',
      path: '/test/index',
      source: 'send',
      parent: 'system',
      sort: 101,
      platform: true,
    },
  ],
})
