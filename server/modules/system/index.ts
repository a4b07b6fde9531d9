import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { paramResource } from './param.ts'

/** blade-system: one plugin per entity, mounted together. */
export const systemModule = (s: Services) =>
  new Elysia({ name: 'system-module', seed: s.id })
    .use(paramResource.routes(s))
