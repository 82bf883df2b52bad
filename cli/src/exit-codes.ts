/** What the process exits with, so that CI can tell the cases apart (docs/cli.md lists them). */
export const EXIT = {
  ok: 0,
  /** A wrong use of a command, or the server refused the request (its reasons are printed). */
  error: 1,
  /** No server or token configured, the server unreachable, or the token refused (401) or not allowed (403). */
  noAccess: 2,
  /** `import --fail-on-failures`: the imported run has failed or error tests. */
  failures: 3,
  /** The bulk job followed (`jobs watch`, `import`) ended `failed`. */
  jobFailed: 4,
  /** `verify`: the export does not verify. */
  broken: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the CLI explains in one message; `main` prints it and exits with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.error,
  ) {
    super(message);
  }
}
