import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { addressResource } from './address.ts'
import { emailConfigResource } from './config.ts'
import './deliver.ts'
import { lostPasswordResource } from './lost-password.ts'
import { outboxResource } from './outbox.ts'
import { platFromResource } from './plat-from.ts'
import { useMailServices } from './services.ts'
import { strategyResource } from './strategy.ts'
import { templateResource } from './template.ts'

/**
 * blade-email: a school's accounts, providers, templates, strategies, address book and outbox (the inbox is
 * mail/inbox), and the lost-password link it mails.
 */
export const mailModule = (s: Services) => {
  useMailServices(s)
  return new Elysia({ name: 'mail-module', seed: s.id })
    .use(emailConfigResource.routes(s))
    .use(platFromResource.routes(s))
    .use(templateResource.routes(s))
    .use(strategyResource.routes(s))
    .use(addressResource.routes(s))
    .use(outboxResource.routes(s))
    .use(lostPasswordResource.routes(s))
}
