// `npm start`: the server's bundle (built first when the code changed), stopped by the signals this process gets.
import { spawn } from 'node:child_process';
import { serverNodeArgs } from '../services/gateway/src/server-command.ts';

const server = spawn(process.execPath, await serverNodeArgs(), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
