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
