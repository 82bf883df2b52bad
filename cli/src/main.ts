import { CliError, EXIT } from './exit-codes.ts';
import { buildProgram } from './program.ts';

/** Runs the command line; a failure is said in one message on stderr and becomes the exit code (exit-codes.ts). */
async function main(): Promise<void> {
  // A reader that stops early (`| head`) closes the pipe: what it did not read is not wanted, which is no failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? EXIT.ok);
  });
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    const known = error instanceof CliError;
    process.stderr.write(`testament: ${known ? error.message : ((error as Error).stack ?? String(error))}\n`);
    process.exitCode = known ? error.exitCode : EXIT.error;
  }
}

await main();
