import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { codeResource } from './code.ts'
import { datasourceResource } from './datasource.ts'
import { modelResource } from './model.ts'

/** blade-develop: datasources, models and code generation, the platform administrator's tools. */
export const developModule = (s: Services) =>
  new Elysia({ name: 'develop-module', seed: s.id })
    .use(datasourceResource.routes(s))
    .use(modelResource.routes(s))
    .use(codeResource.routes(s))
