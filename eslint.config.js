// ESLint over the whole tree (flat config), with three type-aware rules on the TypeScript files.
// Game rules get an extra block: they must stay pure.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.cache/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-undef': 'off',
    },
  },
  {
    // Typed rules: the TypeScript files are all in tsconfig.json, which the project service finds.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['game-engine/src/**/*.ts'],
    ignores: ['game-engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Game rules are pure: take randomness from the seed passed in.',
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'Date',
          'performance',
          'crypto',
          'globalThis',
          'window',
          'self',
          'setTimeout',
          'setInterval',
          'setImmediate',
          'queueMicrotask',
          'fetch',
          'process',
          'require',
          'console',
        ].map((name) => ({
          name,
          message: 'Game rules are pure: no clock, randomness, timers or I/O.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'Game rules are pure: no dynamic imports.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!\\.)', message: 'Game rules are pure: only relative imports inside game-engine.' }],
        },
      ],
    },
  },
);
