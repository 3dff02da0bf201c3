// Development: the API (restarting on change) and Vite's dev server with hot reload, which proxies /api, /oidc and /hubs.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3001', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000', API_DOCS: process.env.API_DOCS ?? 'public' } }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: process.env.API_PORT ?? '3001' } }),
];
const stop = () => { for (const p of procs) p.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
