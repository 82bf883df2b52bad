// `npm run admin -- help`: see services/gateway/src/admin/admin-command.ts.
import { adminCommand } from '../services/gateway/src/admin/admin-command.ts';

process.exitCode = await adminCommand(process.argv.slice(2));
