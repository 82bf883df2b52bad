import { createInterface } from 'node:readline/promises';
import { CliError } from '../exit-codes.ts';

/** Questions need a person at a terminal; in CI the answers come from options and standard input. */
export function canAsk(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/** Asks on the terminal (the question on stderr, so stdout stays the command's output). */
export async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await terminal.question(question)).trim();
  } finally {
    terminal.close();
  }
}

/** Asks without echoing what is typed: the terminal in raw mode, the keys read one by one. */
export function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  input.setRawMode(true);
  process.stderr.write(question);
  input.setEncoding('utf8');
  input.resume();
  let typed: string[] = [];
  return new Promise((resolve, reject) => {
    const finish = () => {
      input.off('data', onKeys);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onKeys = (keys: string) => {
      for (const key of keys) {
        if (key === '\r' || key === '\n' || key === '\u0004') {
          finish();
          resolve(typed.join(''));
          return;
        }
        if (key === '\u0003') {
          finish();
          reject(new CliError('cancelled'));
          return;
        }
        if (key === '\u007f' || key === '\b') typed = typed.slice(0, -1);
        else if (key >= ' ') typed.push(key);
      }
    };
    input.on('data', onKeys);
  });
}

/** Everything on standard input, without the line break a shell's `echo` or a file leaves at its end. */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
