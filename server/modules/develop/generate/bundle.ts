import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { fieldsFile } from './fields-file.ts'
import { migrationFiles, ROOT } from './migrations.ts'
import { moduleFile, referenceFile, resourceFile, screenFiles } from './resource-files.ts'
import { schemaFile } from './schema-file.ts'
import type { AreaSpec } from './spec.ts'
import { testFile } from './test-file.ts'

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** db/schema/index.ts and server/modules/index.ts as they are now, with the new areas' lines added. */
function registrations(specs: AreaSpec[]): Record<string, string> {
  const schemaIndex = read('db/schema/index.ts').trimEnd()
  const modules = read('server/modules/index.ts')
  const imports = specs.map((s) => `import { ${s.area}Module } from './${s.area}/index.ts'\n`).join('')
  const lastImport = modules.lastIndexOf('\nimport ')
  const afterImports = modules.indexOf('\n', lastImport + 1) + 1
  const close = modules.lastIndexOf(']')
  if (lastImport < 0 || close < afterImports)
    throw new Error('server/modules/index.ts is not in the shape the generator expects')
  return {
    'db/schema/index.ts': `${schemaIndex}\n${specs.map((s) => `export * from './${s.area}.ts'`).join('\n')}\n`,
    'server/modules/index.ts':
      modules.slice(0, afterImports) +
      imports +
      modules.slice(afterImports, close).trimEnd() +
      `\n${specs.map((s) => `  ${s.area}Module,`).join('\n')}\n` +
      modules.slice(close),
  }
}

/** Every source file of the areas (before formatting), by path in the project. */
export function sourceFiles(specs: AreaSpec[]): Record<string, string> {
  const files: Record<string, string> = {}
  for (const s of specs) {
    files[`db/schema/${s.area}.ts`] = schemaFile(s)
    files[`db/fields/${s.area}.ts`] = fieldsFile(s)
    files[`server/modules/${s.area}/${s.entity}.ts`] = resourceFile(s)
    files[`server/modules/${s.area}/index.ts`] = moduleFile(s)
    files[`server/modules/${s.area}/${s.entity}.test.ts`] = testFile(s)
    files[`db/reference/areas/${s.area}.ts`] = referenceFile(s)
    Object.assign(files, screenFiles(s))
  }
  return { ...files, ...registrations(specs) }
}

/** Paths the areas would write that the project already has: generating over an area would replace it. */
export const existingPaths = (area: string) =>
  [
    `db/schema/${area}.ts`,
    `db/fields/${area}.ts`,
    `server/modules/${area}`,
    `db/reference/areas/${area}.ts`,
    `web/src/admin/${area}`,
  ].filter((p) => existsSync(join(ROOT, p)))

/** prettier's API with the project's own configuration, loaded on first use. */
let formatter: Promise<(path: string, text: string) => Promise<string>> | undefined
const prettierFormat = () =>
  (formatter ??= (async () => {
    const prettier = await import('prettier')
    const options = (await prettier.resolveConfig(join(ROOT, 'package.json'))) ?? {}
    return (path: string, text: string) => prettier.format(text, { ...options, filepath: join(ROOT, path) })
  })())

/** The generated files, formatted, with both engines' migrations. */
export async function generatedFiles(specs: AreaSpec[], o: { format?: boolean } = {}): Promise<Record<string, string>> {
  const sources = sourceFiles(specs)
  const format = o.format === false ? undefined : await prettierFormat()
  const formatted = format
    ? Object.fromEntries(
        await Promise.all(Object.entries(sources).map(async ([p, text]) => [p, await format(p, text)])),
      )
    : sources
  return { ...formatted, ...(await migrationFiles(specs, specs.map((s) => s.area).join('_'))) }
}

/** The files as a zip, laid out as the project is, so unpacking it at the project's root adds the areas. */
export function zipOf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([p, text]) => [p, strToU8(text)])), { level: 6 })
}
