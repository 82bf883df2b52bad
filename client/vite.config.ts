import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** The project's own tracker and documentation: where the footer points when the operator names none. */
const project = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  homepage: string;
  bugs: { url: string };
};
/** The dev server forwards the server's paths to a running `npm start`. */
const server = process.env.TESTAMENT_DEV_API ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    // Operators point the footer at their own tracker and support address; unset, it points at the project's.
    __ISSUES_URL__: JSON.stringify(process.env.TESTAMENT_ISSUES_URL || project.bugs.url),
    __CONTACT_EMAIL__: JSON.stringify(process.env.TESTAMENT_CONTACT_EMAIL ?? ''),
    __DOCUMENTATION_URL__: JSON.stringify(project.homepage),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change with an upgrade, not with every release of the app: a chunk of their own stays
          // cached across releases, and the app's entry holds the shell alone.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
