import { eq } from 'drizzle-orm'
import { Type } from '@sinclair/typebox'
import { wfDraft } from '../../../../db/schema/workflow.ts'
import { wfDraftFields } from '../../../../db/fields/workflow.ts'
import { badRequest } from '../../../lib/errors.ts'
import { defineResource } from '../../../lib/resource.ts'
import { processUser } from './process-user.ts'
import './messages.ts'

const own = (ctx: { actor: { userId: string | null } }) => eq(wfDraft.createUser, ctx.actor.userId ?? '')

/** A JSON object, or a 400 naming the field with `key`. */
export function jsonObject(v: unknown, field: string, key: string): void {
  let parsed: unknown
  try {
    parsed = typeof v === 'string' ? JSON.parse(v) : undefined
  } catch {
    parsed = undefined
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(key, { field }, field)
}

/**
 * Start forms saved before starting (blade-workflow/design/process/draft): each user's own, never anyone else's —
 * the access rule bounds every verb to the caller's rows, whatever data scope a role holds.
 */
export const draftResource = defineResource({
  table: wfDraft,
  path: '/api/blade-workflow/design/process/draft',
  code: 'work:start',
  perms: { add: 'work:start', edit: 'work:start', remove: 'work:start' },
  filters: ['processDefinitionId'],
  fields: wfDraftFields,
  access: { list: own, detail: own, edit: own, remove: own },
  beforeWrite: (_ctx, w) => {
    if (w.op !== 'remove' && w.values.variables !== undefined)
      jsonObject(w.values.variables, 'variables', 'workflow.design.variables')
  },
  actions: {
    // Who a start or task form names (an applicant, an approver): any staff member starting or designing one.
    processUser: {
      method: 'GET',
      path: '/api/blade-workflow/design/process/user/detail',
      button: ['work:start', 'workflow:design:model'],
      body: { id: Type.Optional(Type.String({ maxLength: 20 })) },
      run: (ctx, { body }) => processUser(ctx, body.id as string | undefined),
    },
  },
})
