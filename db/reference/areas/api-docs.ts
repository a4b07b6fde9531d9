import { defineReference } from '../types.ts'

/** The API documentation (OpenAPI document of /api): a platform screen under System. */
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
  ],
})
