import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // Integration tests stream from a simulated provider in real time.
    testTimeout: 20_000,
    // Test files run in child processes, not worker threads, so native modules
    // (better-sqlite3, keytar) and process-wide APIs behave as they do in the app.
    pool: 'forks',
  },
});
