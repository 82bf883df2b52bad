// The formatter wraps code at 140 columns but leaves long strings and comments whole; this holds them to it too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 140;
const sources = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js', '*.css'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean);
const long = [];
for (const file of sources) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, still in the index
  }
  text.split('\n').forEach((line, index) => {
    if (line.length > LIMIT) long.push(`${file}:${index + 1}: ${line.length} characters`);
  });
}
if (long.length > 0) {
  console.error(`${long.length} lines are longer than ${LIMIT} characters:\n${long.join('\n')}`);
  process.exit(1);
}
