import { apiPath, code, commentText, lit, pascal, type AreaSpec } from './spec.ts'

const list = (names: string[]) => `[${names.map(lit).join(', ')}]`

/** server/modules/<area>/<entity>.ts: the resource declaration; tenant, soft delete and data scope come with it. */
export function resourceFile(s: AreaSpec): string {
  const queried = s.prototypes.filter((p) => p.isQuery)
  const search = queried.filter((p) => p.componentType === 'text' || p.componentType === 'textarea')
  const dates = queried.filter((p) => p.componentType === 'date' || p.componentType === 'datetime')
  const filters = queried.filter((p) => !search.includes(p) && !dates.includes(p))
  const opts = [
    `  table: ${s.entity},`,
    `  path: '${apiPath(s)}',`,
    `  code: '${code(s)}',`,
    search.length ? `  search: ${list(search.map((p) => p.propertyName))},` : '',
    `  filters: ${list([...filters.map((p) => p.propertyName), 'status'])},`,
    dates.length ? `  dates: ${list(dates.map((p) => p.propertyName))},` : '',
    `  fields: ${s.entity}Fields,`,
  ].filter(Boolean)
  return `import { ${s.entity} } from '../../../db/schema/index.ts'
import { ${s.entity}Fields } from '../../../db/fields/${s.area}.ts'
import { defineResource } from '../../lib/resource.ts'

/** ${commentText(s.entityLabel.zh)} / ${commentText(s.entityLabel.en)}: generated from the model "${s.entity}" (blade-develop/code). */
export const ${s.entity}Resource = defineResource({
${opts.join('\n')}
})
`
}

/** server/modules/<area>/index.ts: the area's plugin, mounted from server/modules/index.ts. */
export function moduleFile(s: AreaSpec): string {
  return `import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { ${s.entity}Resource } from './${s.entity}.ts'

/** ${s.service}: ${commentText(s.label.en)}. */
export const ${s.area}Module = (s: Services) =>
  new Elysia({ name: '${s.area}-module', seed: s.id }).use(${s.entity}Resource.routes(s))
`
}

/** db/reference/areas/<area>.ts: the menu and its buttons, synced on every start. */
export function referenceFile(s: AreaSpec): string {
  return `import { CRUD, defineReference } from '../types.ts'

/** ${commentText(s.label.zh)} / ${commentText(s.label.en)}: generated (blade-develop/code). */
export default defineReference({
  menus: [
    {
      code: '${s.area}',
      name: ${lit(s.label.zh)},
      alias: ${lit(s.label.en)},
      path: '/${s.area}',
      source: 'apps',
      sort: 50,
      topMenu: 'desk',
      grant: ['manager'],
      children: [
        {
          code: '${code(s)}',
          name: ${lit(s.entityLabel.zh)},
          alias: ${lit(s.entityLabel.en)},
          path: '/${s.area}/${s.entity}',
          source: 'document',
          grant: ['manager'],
          buttons: CRUD,
        },
      ],
    },
  ],
})
`
}

/** web/src/admin/<area>/<Entity>.tsx and screens.ts: the screen is the fields plus layout. */
export function screenFiles(s: AreaSpec): Record<string, string> {
  const E = pascal(s.entity)
  const layout = s.prototypes
    .map((p) => {
      const o = [
        p.isQuery ? 'search: true' : '',
        p.isList ? '' : 'list: false',
        p.componentType === 'textarea' ? 'span: 24' : '',
      ].filter(Boolean)
      return o.length ? `    ${p.propertyName}: { ${o.join(', ')} },` : ''
    })
    .filter(Boolean)
  return {
    [`web/src/admin/${s.area}/${E}.tsx`]: `import { ${s.entity}Fields } from '../../../../db/fields/${s.area}'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/** ${commentText(s.entityLabel.en)}: the resource's fields plus layout (generated). */
export const ${s.entity}Screen: ResourceScreen = {
  base: '${apiPath(s)}',
  perm: '${code(s)}',
  title: L(${lit(s.entityLabel.zh)}, ${lit(s.entityLabel.en)}),
  fields: screenFields(${s.entity}Fields, {
${[...layout, '    remark: { list: false, span: 24 },'].join('\n')}
  }),
}

export default function ${E}() {
  return <ResourcePage screen={${s.entity}Screen} />
}
`,
    [`web/src/admin/${s.area}/screens.ts`]: `import { lazy } from 'react'

/** ${commentText(s.label.en)} screens by menu path (db/reference/areas/${s.area}.ts). */
export const ${s.area}Screens = {
  '/${s.area}/${s.entity}': lazy(() => import('./${E}')),
}
`,
  }
}
