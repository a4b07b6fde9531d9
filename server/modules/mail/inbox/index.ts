import { Elysia } from 'elysia'
import type { Services } from '../../../lib/context.ts'
import { inboxRoutes } from './inbox.ts'
import './schedule.ts'

/** blade-email's inbox: messages synced from the school's IMAP mailboxes, and the sync itself (config/handleSync). */
export const mailInboxModule = (s: Services) =>
  new Elysia({ name: 'mail-inbox-module', seed: s.id }).use(inboxRoutes(s))
