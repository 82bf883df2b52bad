export { buildApp } from './app.ts';
export { configFromEnv, type Config } from './config.ts';
export { startSystem, type System } from './system.ts';
export { verifyDataDirectory, verifyExportFile } from './verify-command.ts';
