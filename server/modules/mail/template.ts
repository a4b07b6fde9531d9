import { Type } from '@sinclair/typebox'
import { emailTemplate } from '../../../db/schema/index.ts'
import { mailTemplateFields } from '../../../db/fields/mail.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { checkTemplate, renderTemplate } from './render.ts'

defineMessages({
  'mail.template.taken': {
    zh: '该语言下已有此编码的模板',
    en: 'a template with this code exists in that language',
  },
})

/**
 * Mail templates (blade-email/template): CRUD, copy (a new template from one, e.g. its English text from the
 * Chinese), and preview (rendered with sample values, as the outbox would). Subject and body are Liquid, checked
 * on submit; only the listed variables reach them (render.ts).
 */
export const templateResource = defineResource({
  table: emailTemplate,
  path: '/api/blade-email/template',
  code: 'mail:template',
  search: ['code', 'name', 'subject'],
  filters: ['language'],
  fields: mailTemplateFields,
  unique: [{ columns: ['tenantId', 'code', 'language'], field: 'code', message: 'mail.template.taken' }],
  actions: {
    copy: {
      button: 'copy',
      target: { one: 'id' },
      body: {
        code: Type.Optional(Type.String({ maxLength: 64 })),
        name: Type.Optional(Type.String({ maxLength: 100 })),
        language: Type.Optional(Type.String({ maxLength: 8 })),
      },
      run: (ctx, { rows: [t], body }): Promise<typeof emailTemplate.$inferSelect> =>
        templateResource.ops.submit(ctx, {
          code: body.code ?? `${t!.code}_copy`,
          name: body.name ?? t!.name,
          language: body.language ?? t!.language,
          subject: t!.subject,
          content: t!.content,
          variables: t!.variables,
          remark: t!.remark,
        }),
    },
    preview: {
      button: ['mail:template', 'mail:outbox:send'],
      target: { one: 'id' },
      verb: 'detail',
      body: { variables: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
      run: (_ctx, { rows: [t], body }) => renderTemplate(t!, (body.variables as Record<string, unknown>) ?? {}),
    },
  },
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    if (typeof w.values.subject === 'string') checkTemplate(w.values.subject, 'subject')
    if (typeof w.values.content === 'string') checkTemplate(w.values.content, 'content')
  },
})
