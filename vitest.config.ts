import { defineConfig } from 'vitest/config';

const globalSetup = ['platform/src/testing/global-setup.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'sdk/**/*.test.{ts,tsx}',
            'platform/**/*.test.ts',
            'drivers/**/*.test.ts',
            'plugins/**/*.test.{ts,tsx}',
            'host/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
