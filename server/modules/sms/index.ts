import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { smsRoutes } from './sms.ts'

/** blade-resource/sms: a school's SMS provider accounts and sending through them. */
export const smsModule = (s: Services) => new Elysia({ name: 'sms-module', seed: s.id }).use(smsRoutes(s))
