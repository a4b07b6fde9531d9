import { commentText, type AreaSpec } from './spec.ts'

/** db/schema/<area>.ts: the table on the dialect builders, with the common columns and the scoped list index. */
export function schemaFile(s: AreaSpec): string {
  const builders = [...new Set(s.prototypes.map((p) => p.propertyType))]
  const imports = [...builders, 'table'].sort().join(', ')
  const columns = s.prototypes
    .map((p) => `    ${p.propertyName}: ${p.propertyType}()${p.isRequired ? '.notNull()' : ''},`)
    .join('\n')
  return `import { ${imports} } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/** ${commentText(s.entityLabel.zh)} / ${commentText(s.entityLabel.en)} (${s.service}/${s.entity}), generated from the model "${s.entity}". */
export const ${s.entity} = table(
  '${s.table}',
  {
    ...commonColumns(),
${columns}
  },
  (t) => [scopedListIndex('${s.table}', t)],
)
`
}
