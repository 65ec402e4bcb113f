// npm run dev: the API in watch mode on API_PORT (8081) and Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@bizdash/api'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:5173',
      DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@bizdash/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
