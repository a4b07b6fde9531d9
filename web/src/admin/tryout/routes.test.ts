import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../../../server/api-types'
import { fillPath, tryRoutes } from './routes'

const doc = {
  openapi: '3.1.0',
  info: { title: 'Atrium API', version: '1' },
  paths: {
    '/api/hm-course/course/overview': {
      get: { parameters: [{ name: 'id', in: 'query', required: true }] },
    },
    '/api/hm-course/course/submit': { post: { requestBody: { content: {} } } },
    '/api/blade-system/menu/remove': { post: { parameters: [{ name: 'ids', in: 'query' }] }, delete: {} },
    '/api/blade-resource/oss/endpoint/{routerPath}': { get: { parameters: [{ name: 'routerPath', in: 'path' }] } },
  },
} as unknown as OpenApiDocument

describe('the API tryout: routes offered and paths filled', () => {
  it('offers the GET and POST routes by path, with their query and path parameters and whether they take a body', () => {
    expect(tryRoutes(doc)).toEqual([
      {
        key: 'GET /api/blade-resource/oss/endpoint/{routerPath}',
        method: 'GET',
        path: '/api/blade-resource/oss/endpoint/{routerPath}',
        query: [],
        pathParams: ['routerPath'],
        hasBody: false,
      },
      {
        key: 'POST /api/blade-system/menu/remove',
        method: 'POST',
        path: '/api/blade-system/menu/remove',
        query: [{ name: 'ids', required: false }],
        pathParams: [],
        hasBody: false,
      },
      {
        key: 'GET /api/hm-course/course/overview',
        method: 'GET',
        path: '/api/hm-course/course/overview',
        query: [{ name: 'id', required: true }],
        pathParams: [],
        hasBody: false,
      },
      {
        key: 'POST /api/hm-course/course/submit',
        method: 'POST',
        path: '/api/hm-course/course/submit',
        query: [],
        pathParams: [],
        hasBody: true,
      },
    ])
    expect(tryRoutes(undefined)).toEqual([])
  })

  it('encodes a path parameter, so a value cannot step to another route', () => {
    expect(fillPath('/api/blade-resource/oss/endpoint/{routerPath}', { routerPath: '../../blade-system/user' })).toBe(
      '/api/blade-resource/oss/endpoint/..%2F..%2Fblade-system%2Fuser',
    )
    expect(fillPath('/api/x/{id}', {})).toBe('/api/x/')
  })
})
