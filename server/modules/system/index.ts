import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { clientResource } from './client.ts'
import { deptRoutes } from './dept.ts'
import { bizDict, systemDict } from './dictionary.ts'
import { menuRoutes } from './menu.ts'
import { paramResource } from './param.ts'
import { postRoutes } from './post.ts'
import { regionResource } from './region.ts'
import { roleRoutes } from './role.ts'
import { apiScopeResource, dataScopeResource } from './scopes.ts'
import { tenantPackageResource } from './tenant-package.ts'
import { tenantRoutes } from './tenant.ts'
import { topMenuRoutes } from './top-menu.ts'
import { userResource } from './user.ts'

/** blade-system: one plugin per entity, mounted together. */
export const systemModule = (s: Services) =>
  new Elysia({ name: 'system-module', seed: s.id })
    .use(userResource.routes(s))
    .use(roleRoutes(s))
    .use(menuRoutes(s))
    .use(topMenuRoutes(s))
    .use(deptRoutes(s))
    .use(postRoutes(s))
    .use(tenantRoutes(s))
    .use(tenantPackageResource.routes(s))
    .use(clientResource.routes(s))
    .use(systemDict.routes(s))
    .use(bizDict.routes(s))
    .use(paramResource.routes(s))
    .use(regionResource.routes(s))
    .use(dataScopeResource.routes(s))
    .use(apiScopeResource.routes(s))
