import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // The engine measures and counts tokens on worker threads, which run built
    // files: the global setup builds them from source once per run, the setup
    // file points each test file's engine at them.
    globalSetup: ['tests/support/worker-threads-global-setup.ts'],
    setupFiles: ['tests/support/worker-threads-setup.ts'],
    // Integration tests stream from a simulated provider in real time.
    testTimeout: 20_000,
    // Test files run in child processes, not worker threads, so native modules
    // (better-sqlite3, keytar) and process-wide APIs behave as they do in the app.
    pool: 'forks',
    // Integration tests compare measured times with the simulator's true ones.
    // Files side by side on a 2-core CI machine would measure CPU contention
    // between test files instead, so files run one at a time.
    fileParallelism: false,
  },
});
