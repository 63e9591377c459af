import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Most of a file's time is setting up jsdom, not the CPU: two at once even on two cores
    // (Vitest's default leaves one core idle).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
