// `npm run verify -- --data ./data` or `-- --file export.ndjson`: see services/gateway/src/verify-command.ts.
import { verifyCommand } from '../services/gateway/src/verify-command.ts';

process.exitCode = await verifyCommand(process.argv.slice(2));
