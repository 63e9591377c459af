import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api, '/static': api } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
});
