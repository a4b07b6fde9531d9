import { wfFormDefault } from '../../../../db/schema/workflow.ts'
import { wfFormDefaultFields } from '../../../../db/fields/workflow.ts'
import { defineResource } from '../../../lib/resource.ts'
import { byType } from './by-type.ts'

/**
 * Default values a form field can take (blade-workflow/design/form/default-values), e.g. the signed-in user's
 * department; `listType` answers them grouped by type for the form designer's picker.
 */
export const formDefaultResource = defineResource({
  table: wfFormDefault,
  path: '/api/blade-workflow/design/form/default-values',
  code: 'workflow:design:form',
  perms: {
    add: 'workflow:design:form:defaultValues',
    edit: 'workflow:design:form:defaultValues',
    remove: 'workflow:design:form:defaultValues',
  },
  search: ['name'],
  filters: ['type'],
  fields: wfFormDefaultFields,
  actions: {
    listType: {
      method: 'GET',
      button: 'workflow:design:form',
      run: async (ctx): Promise<unknown> =>
        byType(ctx, 'wf_default_value_type', await formDefaultResource.ops.all(ctx)),
    },
  },
})
