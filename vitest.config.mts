import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.ts', 'tests/tournament/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'main',
          include: [
            'tests/db/**/*.test.ts',
            'tests/app/**/*.test.ts',
            'tests/transport/**/*.test.ts',
            'tests/electron/**/*.test.ts',
            'tests/export/**/*.test.ts',
            'tests/cli/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'obs',
          include: ['tests/obs/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['tests/renderer/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
    ],
  },
})
