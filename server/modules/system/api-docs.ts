import { Elysia, type AnyElysia } from 'elysia'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { forbidden } from '../../lib/errors.ts'
import { openApiDocument, type OpenApiDocument } from '../../lib/openapi.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import pkg from '../../../package.json' with { type: 'json' }
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** Menu code of the API documentation screen (platform administrators). */
export const API_DOCS_CODE = 'system:apidocs'

/**
 * `GET /api/openapi.json`: the OpenAPI 3 document of the whole `/api` in the
 * envelope's data, for the platform administrator only (a tenant administrator
 * holding the menu code is refused, as for backups). Needs the finished app,
 * so app.ts mounts it last with a getter.
 */
export const apiDocsModule = (services: Services, app: () => AnyElysia) => {
  let doc: OpenApiDocument | undefined
  const plugin = new Elysia({ prefix: '/api' }).use(authContext(services)).get(
    '/openapi.json',
    async ({ ctx }) => {
      if (!(await isAdministrator(ctx))) throw forbidden()
      return ok(ctx, (doc ??= openApiDocument(app(), pkg.version)))
    },
    { perm: API_DOCS_CODE, query: queryOf() },
  )
  return handWritten('the OpenAPI document is built from the mounted app itself, not read from a table', plugin)
}
