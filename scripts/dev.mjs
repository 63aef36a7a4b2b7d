#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server, which proxies
// /api to it. Open http://localhost:5173. Stopping either stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const apiPort = process.env.PORT || '3000';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@casebridge/server'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@casebridge/web'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let isStopping = false;
function stopAll(code) {
  if (isStopping) return;
  isStopping = true;
  // Each child leads its own process group: npm does not pass signals on to tsx and vite.
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
