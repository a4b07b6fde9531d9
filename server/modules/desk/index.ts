import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { noticeResource } from './notice.ts'

/** blade-desk: the workbench's own resources. */
export const deskModule = (s: Services) => new Elysia({ name: 'desk-module', seed: s.id }).use(noticeResource.routes(s))
