// ESLint flat config: TypeScript + Vue, Prettier for formatting, and the layer rules of docs/architecture.md.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

const electronOnly = {
  name: 'electron',
  message: "Only src/main/electron/ and src/preload/ may import 'electron' (docs/architecture.md layers).",
}
const nodeBuiltins = {
  group: ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'net', 'crypto', 'url', 'worker_threads'],
  message: 'This layer is pure: no Node built-ins (docs/architecture.md layers).',
}
const noMainFromShared = { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'src/shared imports nothing outside src/shared.' }

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'data/**', 'artifacts/**', 'test-results/**', 'playwright-report/**', 'tests/lint/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  // Everything outside the Electron shell and the preload must not import electron.
  {
    files: ['src/**/*.{ts,vue}', 'tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/main/electron/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnly] }] },
  },
  // Engine and tournament: pure, no I/O, no electron, no DOM, only src/shared.
  {
    files: ['src/main/engine/**/*.ts', 'src/main/tournament/**/*.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            nodeBuiltins,
            { group: ['**/db', '**/db/**', '**/app', '**/app/**', '**/obs', '**/obs/**', '**/export', '**/export/**', '**/transport', '**/transport/**', '**/electron', '**/electron/**', '**/renderer', '**/renderer/**', 'vue', 'pinia', 'better-sqlite3', 'ws'], message: 'The engine imports src/shared only.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'No clock inside the engine: time arrives inside the command.' },
        { object: 'Math', property: 'random', message: 'No randomness inside the engine: the seed arrives inside the command.' },
      ],
    },
  },
  // The game service (app/) and the multi-machine mode (sync/) never import each other, nor the composition root
  // that joins them (src/main/core.ts): what both need lives below them (games/, engine/, db/, tournament/, shared/),
  // and what sync/ needs of the service arrives through core (sync/game-host.ts). games/ stands below both.
  {
    files: ['src/main/app/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [{ regex: String.raw`^(\.\./)+(sync|core)(/.*)?$`, message: 'app/ never imports sync/ or the composition root (docs/architecture.md layers): inject through src/main/core.ts.' }] }],
    },
  },
  {
    files: ['src/main/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [{ regex: String.raw`^(\.\./)+(app|core)(/.*)?$`, message: 'sync/ never imports app/ or the composition root (docs/architecture.md layers): declare what it needs (sync/game-host.ts) and let src/main/core.ts hand it in.' }] }],
    },
  },
  {
    files: ['src/main/games/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [{ regex: String.raw`^(\.\./)+(app|sync|core)(/.*)?$`, message: 'games/ (the one writer of a game log) stands below app/ and sync/ (docs/architecture.md layers).' }] }],
    },
  },
  {
    files: ['src/main/transport/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [{ regex: String.raw`^(\.\./)+(app|sync|core)(/.*)?$`, message: 'transport/ (HTTP, WebSocket, TLS) stands below app/ and sync/ (docs/architecture.md layers): what it needs is a port beside core (e.g. src/main/secrets.ts).' }] }],
    },
  },
  // Shared: pure types and helpers used by both sides.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, noMainFromShared] }],
    },
  },
  // The judge's panel and the stream load no zod: the contract, command, ruleset, sync and tournament modules build
  // their schemas at load (a 228 KB chunk parsed and run at every page load). Their types are free; their constants
  // live in zod-free modules (shared/obs-moments, shared/game/removal).
  {
    files: ['src/renderer/src/{control,overlay,common}/**/*.{ts,vue}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['zod', '**/shared/contract', '**/shared/game/commands', '**/shared/game/ruleset', '**/shared/sync', '**/shared/tournament-ops'], allowTypeImports: true, message: 'The control panel and the overlay import only the types of modules that build zod schemas.' }] }],
    },
  },
  // Renderer: never Node, never main; control and overlay never import each other.
  {
    files: ['src/renderer/src/control/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/main/**', '**/overlay/**'], message: 'control may import common and shared only.' }] }],
    },
  },
  {
    files: ['src/renderer/src/admin/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/main/**', '**/overlay/**', '**/control/**'], message: 'admin may import common and shared only.' }] }],
    },
  },
  {
    files: ['src/renderer/src/start/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/main/**', '**/control/**', '**/admin/**'], message: 'the start page may import common, shared and the overlay\'s URL parameters only.' }] }],
    },
  },
  {
    files: ['src/renderer/src/overlay/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/main/**', '**/control/**'], message: 'overlay may import common and shared only.' }] }],
    },
  },
  {
    files: ['src/renderer/src/common/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/main/**', '**/control/**', '**/overlay/**'], message: 'common may import shared only.' }] }],
    },
  },
  // CommonJS scripts (electron-builder hooks, helpers shared with the CommonJS-compiled e2e specs).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
)
