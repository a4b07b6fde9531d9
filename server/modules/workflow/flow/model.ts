import { Type } from '@sinclair/typebox'
import { wfModel } from '../../../../db/schema/workflow.ts'
import { wfModelFields } from '../../../../db/fields/workflow.ts'
import { looseBody } from '../../../lib/resource-actions.ts'
import { defineResource } from '../../../lib/resource.ts'
import { checkCategory } from '../design/category-check.ts'
import { afterModelWrite, beforeModelWrite } from '../design/model.ts'
import { deployToTenants, targetTenants } from './deploy-tenants.ts'

/**
 * The classic engine's models (blade-flow/model): the same models as the design screens, under the classic menu.
 * Deploy takes `category` and, for the platform administrator, `tenantIds` to deploy the model to other schools.
 */
export const flowModelResource = defineResource({
  table: wfModel,
  path: '/api/blade-flow/model',
  code: 'flow:model',
  search: ['name', 'modelKey'],
  filters: ['categoryId'],
  fields: wfModelFields,
  unique: ['modelKey'],
  body: { xml: Type.Optional(Type.String({ maxLength: 1_000_000 })) },
  beforeWrite: beforeModelWrite,
  afterWrite: afterModelWrite,
  skip: ['page'],
  actions: {
    deploy: {
      button: 'deploy',
      target: { one: 'modelId' },
      verb: 'detail',
      body: looseBody('category', 'tenantIds'),
      message: 'workflow.design.deployed',
      run: async (ctx, { rows: [model], body }) => {
        const categoryId = body.category ? await checkCategory(ctx, body.category, 'category') : model.categoryId
        return deployToTenants(ctx, await targetTenants(ctx, body.tenantIds), [
          { ...model, modelId: model.id, categoryId },
        ])
      },
    },
  },
})
