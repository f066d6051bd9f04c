import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const nodeBuiltins = [
  'fs',
  'path',
  'crypto',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
]

/**
 * One money format (issue 33): people read money as formatYuan writes it (src/shared/money.ts,
 * ¥14,748.20). This forbids the other ways it was written: `(fen / 100).toFixed(2)` and
 * `${fenToYuan(fen)} 元`. Inputs and machine formats (CSV, JSON-LD) take fenToYuan(fen) alone.
 */
const money = {
  rules: {
    'one-format': {
      meta: {
        type: 'problem',
        messages: { format: 'Write money with formatYuan (src/shared/money.ts): ¥14,748.20.' },
      },
      create(context) {
        return {
          "CallExpression[callee.property.name='toFixed'] > MemberExpression > BinaryExpression[operator='/'][right.value=100]"(
            node,
          ) {
            context.report({ node, messageId: 'format' })
          },
          TemplateLiteral(node) {
            node.expressions.forEach((e, i) => {
              const called = e.type === 'CallExpression' && e.callee.type === 'Identifier' ? e.callee.name : ''
              if (called === 'fenToYuan' && /^\s*元/.test(node.quasis[i + 1]?.value.cooked ?? ''))
                context.report({ node: e, messageId: 'format' })
            })
          },
        }
      },
    },
  },
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'data',
      'release',
      'test-results',
      'playwright-report',
      'scripts/.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // raw IPC only in the typed helpers (architecture.md: one contract, typed once)
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', importNames: ['ipcMain'], message: 'Use src/main/ipc/handle.ts.' },
            {
              name: 'electron',
              importNames: ['ipcRenderer'],
              message: 'Only src/preload builds the bridge.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/ipc/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // the renderer does not know its shell: only platform/desktop.ts touches window.desktop
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='window'][property.name='desktop']",
          message: 'Use the platform adapter (src/renderer/src/platform).',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: ['**/src/main/**', '**/src/server/**'] },
      ],
    },
  },
  {
    // antd's validateFields rejects when a field is wrong: dialogs go through validated()
    // (src/renderer/src/utils/form.ts), which answers null instead (docs/console.md, "Dialogs")
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/src/utils/form.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'validateFields', message: 'Use validated(form) from @renderer/utils/form.' },
      ],
    },
  },
  {
    files: ['src/renderer/src/platform/desktop.ts', 'src/renderer/src/platform/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // the contract: no Node, no DOM, no framework
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...nodeBuiltins, ...nodeBuiltins.map((m) => `node:${m}`), 'electron', 'react', 'fastify'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage'],
    },
  },
  {
    // configuration is read once, validated, in src/server/config.ts: the rest takes values as parameters
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/**/*.test.ts', 'src/server/test-utils.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the setting in src/server/config.ts.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // the provider simulators write the providers' own formats (Alipay's bill says 元); tests may
    // compute what they expect in any way
    ignores: ['src/shared/money.ts', 'src/server/modules/pay/sim/**', '**/*.test.{ts,tsx}'],
    plugins: { money },
    rules: { 'money/one-format': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // web specs take `test` from e2e/support/test.ts: it closes the contexts a test opened
    files: ['e2e/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: 'Import test and expect from ../support/test (it closes the contexts a test opens).',
            },
          ],
        },
      ],
    },
  },
)
