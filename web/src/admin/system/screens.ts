import { lazy } from 'react'

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }))

/** The system-administration screens by menu path (db/seed/menus.ts), plus the two fixed dictionary routes. */
export const systemScreens = {
  '/system/user': lazy(() => import('./User')),
  '/system/dept': lazy(() => import('./Dept')),
  '/system/post': lazy(() => import('./Post')),
  '/system/dict': named(() => import('./Dictionary'), 'SystemDictionary'),
  '/system/dictbiz': named(() => import('./Dictionary'), 'BusinessDictionary'),
  '/dict-horizontal/index': named(() => import('./Dictionary'), 'DictHorizontal'),
  '/dict-vertical/index': named(() => import('./Dictionary'), 'DictVertical'),
  '/system/param': lazy(() => import('./Param')),
  '/system/region': lazy(() => import('./Region')),
  '/system/tenant': lazy(() => import('./Tenant')),
  '/system/tenantpackage': lazy(() => import('./TenantPackage')),
  '/system/client': lazy(() => import('./Client')),
  '/system/api-docs': lazy(() => import('./ApiDocs')),
  '/authority/role': lazy(() => import('./Role')),
  '/authority/menu': lazy(() => import('./Menu')),
  '/authority/topmenu': lazy(() => import('./TopMenu')),
  '/authority/datascope': named(() => import('./scopes'), 'DataScope'),
  '/authority/apiscope': named(() => import('./scopes'), 'ApiScope'),
  '/monitor/log/usual': named(() => import('./Logs'), 'UsualLog'),
  '/monitor/log/api': named(() => import('./Logs'), 'ApiLog'),
  '/monitor/log/error': named(() => import('./Logs'), 'ErrorLog'),
}
