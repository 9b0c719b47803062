import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The layers (docs/architecture.md; tests/server/import-layers.test.ts checks the same rules on
  // the files and proves each rule below fires).
  {
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/screens/**', '**/services/**', '**/server/**'],
              // Types too: a shape a machine and its service share is the machine's to declare
              // (the actor it needs), or the contract's.
              message:
                'Machines declare the actors they need; services implement them and src/app/wiring plugs them in. Declare the shape in the machine or in contract/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/services/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser never imports server code.' },
            {
              group: ['**/machines/**', '**/screens/**'],
              // A service may name the types of the machine whose actor it implements, nothing more.
              allowTypeImports: true,
              message:
                "Services implement actors: they may import machines' types (import type), never their values.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/machines/**', 'src/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The browser never imports server code.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**'], message: 'The server never imports browser code.' }] },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./[^/]+$)',
              message: 'Contracts import only zod and other contract files.',
            },
          ],
        },
      ],
    },
  },
);
