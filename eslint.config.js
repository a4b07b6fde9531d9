// typescript-eslint's recommended rules plus the React hooks rules (issue #12 tooling). `npm run lint` runs it with
// prettier; `npm test` runs lint first and fails on any error.
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'web/dist', 'db/migrations', 'cli/bin.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // The tsconfig's noUnused* convention: a leading underscore marks a value kept on purpose (a skipped
      // positional parameter, a field dropped from a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Queries are promises on both engines (issue #27): a query never awaited never runs, and a promise tested as a
    // condition is always true. Type-aware, so only where queries are written.
    files: ['server/**/*.ts', 'cli/**/*.{ts,tsx}', 'db/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // bun:sqlite's row calls have no PostgreSQL twin: `first(q)`, `await q` and `changed(await q)` (server/lib/rows.ts)
    // work on both engines.
    files: ['server/**/*.ts', 'cli/**/*.{ts,tsx}', 'db/**/*.ts'],
    // Test files, and the code that speaks to a SQLite file itself through bun:sqlite: its migrations, the
    // write-tracking stamp, the WAL checkpoint thread, backups and restores of the file, the copy to PostgreSQL.
    ignores: [
      '**/*.test.ts',
      'server/lib/migrations.ts',
      'server/lib/table-writes.ts',
      'server/lib/wal-checkpoint-worker.ts',
      'server/lib/to-postgres.ts',
      'server/modules/backup/restore.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[arguments.length=0] > MemberExpression.callee > Identifier.property[name=/^(get|all|run)$/]',
          message: 'A query is awaited on both engines: first(q), await q, changed(await q) (server/lib/rows.ts).',
        },
      ],
    },
  },
  {
    // Tests read JSON answers of every shape; typing each one would add noise, not safety.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
)
