import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // On PostgreSQL the files share one database, so they take turns.
    fileParallelism: !process.env.DATABASE_URL,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
