import { and, eq } from 'drizzle-orm'
import { wfFormTheme } from '../../../../db/schema/workflow.ts'
import { themeSizeProblem, wfFormThemeFields } from '../../../../db/fields/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { defineResource, type Write } from '../../../lib/resource.ts'
import { first } from '../../../lib/rows.ts'

defineMessages({
  'workflow.design.themeSize': {
    zh: '{field} 须为数字加 px、em、rem 或 %，至多 400px、20em、20rem、100%',
    en: '{field} must be a number with px, em, rem or %, at most 400px, 20em, 20rem or 100%',
  },
  'workflow.design.themeMissing': { zh: '表单主题不存在', en: 'no such form theme' },
})

/** The theme's sizes: their shape is the fields' pattern, their bound per unit is checked here. */
const SIZES = ['borderWidth', 'labelWidth', 'labelFontSize', 'valueFontSize'] as const

function beforeThemeWrite(_ctx: Ctx, w: Write<typeof wfFormTheme>): void {
  if (w.op === 'remove') return
  for (const f of SIZES)
    if (themeSizeProblem(w.values[f])) throw badRequest('workflow.design.themeSize', { field: f }, f)
}

/** The theme a form names, within the caller's school (400 naming `field` when there is none). */
export async function checkThemeKey(ctx: Ctx, themeKey: unknown, field = 'themeKey'): Promise<void> {
  if (themeKey === undefined || themeKey === null || themeKey === '') return
  const found = await first(
    ctx.db
      .select({ id: wfFormTheme.id })
      .from(wfFormTheme)
      .where(
        and(
          await formThemeResource.scope(ctx, { dataScope: false, why: 'a form may name any theme of its school' }),
          eq(wfFormTheme.themeKey, String(themeKey)),
        ),
      ),
  )
  if (!found) throw badRequest('workflow.design.themeMissing', { field }, field)
}

/**
 * Form themes (blade-workflow/design/form/theme): how a filled form looks — borders, label and value colours and
 * sizes — chosen by a form's themeKey. Every value is a colour or a bounded size (db/fields/workflow.ts), never
 * free CSS, since the process detail shows it in other users' browsers.
 */
export const formThemeResource = defineResource({
  table: wfFormTheme,
  path: '/api/blade-workflow/design/form/theme',
  code: 'workflow:design:form:theme',
  search: ['name', 'themeKey'],
  filters: ['status', 'themeKey'],
  fields: wfFormThemeFields,
  unique: ['themeKey'],
  beforeWrite: beforeThemeWrite,
})
