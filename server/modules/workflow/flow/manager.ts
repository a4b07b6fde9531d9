import { Type } from '@sinclair/typebox'
import { wfDeployment } from '../../../../db/schema/workflow.ts'
import { wfDeploymentFields } from '../../../../db/fields/workflow.ts'
import { ApiError, badRequest } from '../../../lib/errors.ts'
import { looseBody } from '../../../lib/resource-actions.ts'
import { defineResource } from '../../../lib/resource.ts'
import { parseDefinition } from '../engine/definitions.ts'
import { checkCategory } from '../design/category-check.ts'
import { withCategoryNames } from '../design/deployment.ts'
import { changeDeploymentStatus, deploymentIds, removeDeployments } from '../design/deployment-ops.ts'
import { deployToTenants, targetTenants } from './deploy-tenants.ts'

/** A BPMN file as the classic screen uploads them. */
const BPMN_FILE = /\.(bpmn|bpmn20\.xml)$/i
const MAX_FILES = 20

/**
 * The uploaded files: one or several, each a .bpmn or .bpmn20.xml that parses as a definition (400 naming `files`
 * otherwise, with the parser's reason).
 */
async function bpmnFiles(v: unknown): Promise<{ name: string; xml: string }[]> {
  const list = (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]) as unknown[]
  if (
    !list.length ||
    list.length > MAX_FILES ||
    list.some((f) => !(f instanceof Blob) || !BPMN_FILE.test((f as File).name))
  )
    throw badRequest('workflow.design.files', { field: 'files' }, 'files')
  const files = await Promise.all((list as File[]).map(async (f) => ({ name: f.name, xml: await f.text() })))
  for (const f of files)
    try {
      await parseDefinition(f.xml)
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        throw badRequest(err.key, { ...err.params, field: 'files' }, 'files')
      throw err
    }
  return files
}

/**
 * The classic engine's deployed definitions (blade-flow/manager): the same rows as design/deployment. Upload
 * deploys .bpmn files (to other schools too, for the platform administrator); change-state suspends or activates.
 */
export const flowManagerResource = defineResource({
  table: wfDeployment,
  path: '/api/blade-flow/manager',
  code: 'flow:manager',
  search: ['name', 'processKey'],
  filters: ['categoryId', 'status', 'mainVersion'],
  fields: wfDeploymentFields,
  hidden: ['xml'],
  skip: ['page', 'detail', 'submit', 'remove'],
  read: { rows: withCategoryNames, on: ['list'] },
  actions: {
    'change-state': {
      button: 'state',
      body: {
        state: Type.Union([Type.Literal('active'), Type.Literal('suspend')], { error: 'workflow.design.state' }),
        processId: Type.String({ minLength: 1, maxLength: 200 }),
      },
      run: async (ctx, { body }): Promise<unknown> =>
        changeDeploymentStatus(
          ctx,
          await flowManagerResource.where(ctx, 'edit', ['flow:manager:state']),
          String(body.processId),
          body.state === 'active' ? 1 : 2,
        ),
    },
    'deploy-upload': {
      button: 'upload',
      body: looseBody('category', 'tenantIds', 'files'),
      message: 'workflow.design.deployed',
      // The files are read from the body as sent: the checked copy keeps plain values only.
      run: async (ctx, { body, sent }) => {
        const files = await bpmnFiles((sent as { files?: unknown } | undefined)?.files)
        const categoryId = await checkCategory(ctx, body.category, 'category')
        const tenants = await targetTenants(ctx, body.tenantIds)
        return deployToTenants(
          ctx,
          tenants,
          files.map((f) => ({ xml: f.xml, categoryId })),
        )
      },
    },
    'delete-deployment': {
      button: 'delete',
      body: looseBody('deploymentIds'),
      run: async (ctx, { body }): Promise<unknown> =>
        removeDeployments(
          ctx,
          await flowManagerResource.where(ctx, 'remove'),
          deploymentIds(body.deploymentIds, 'deploymentIds'),
        ),
    },
  },
})
