import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The files wait on hashing, images and the database as much as on the CPU: at least two
    // at once even on two cores (Vitest's default leaves one core idle). On PostgreSQL each
    // worker has a database of its own (test/pg-worker-database.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['test/pg-worker-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
