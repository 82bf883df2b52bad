import { Command } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerAudit } from './audit/audit.ts';
import { EXIT } from './exit-codes.ts';
import { registerImport } from './import/import.ts';
import { registerJobs } from './jobs/jobs.ts';
import { registerLogin } from './login/login.ts';
import { registerPlans } from './plans/plans.ts';
import { registerResults } from './results/results.ts';
import { registerVerify } from './verify/verify.ts';

const ABOUT = `
Environment:
  TESTAMENT_SERVER   the server, when --server is not given (before the one last logged in to)
  TESTAMENT_TOKEN    an API token to use instead of the stored one (CI)
  XDG_CONFIG_HOME    where config.json is kept (testament/config.json; ~/.config without it, %APPDATA% on Windows)

Exit codes:
  ${EXIT.ok}  done
  ${EXIT.error}  wrong use, or the server refused the request (its reasons are printed)
  ${EXIT.noAccess}  no server or token, the server unreachable, or the token refused or not allowed (401, 403)
  ${EXIT.failures}  import --fail-on-failures: the run has failed or error tests
  ${EXIT.jobFailed}  the job followed (import, jobs watch) failed
  ${EXIT.broken}  verify: the export does not verify

Examples:
  $ testament login --server https://testament.example.com
  $ testament import junit build/test-results/test --project Shop --plan-name "CI {run_key}" --fail-on-failures
  $ testament plans list --project Shop --json`;

/** The `testament` command with every command group; each group's folder registers its own. */
export function buildProgram(): Command {
  const program = new Command('testament')
    .description('Testament on the command line: import CI test reports, manage plans and results, export and verify the audit trail.')
    .version(packageJson.version)
    .option('--server <url>', 'the Testament server (default: TESTAMENT_SERVER, else the one last logged in to)')
    .option('--json', 'print machine-readable JSON only (progress and messages go to stderr)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError('(add --help for usage and examples)')
    .addHelpText('after', ABOUT);
  registerLogin(program);
  registerImport(program);
  registerPlans(program);
  registerResults(program);
  registerJobs(program);
  registerAudit(program);
  registerVerify(program);
  return program;
}
