export * from './command-service.ts';
export * from './bus-transport.ts';
export * from './kernel/decider.ts';
export * from './kernel/command-meta.ts';
export { hashPassword, verifyPassword } from './kernel/passwords.ts';
export { isCurrentPassword } from './users/user-lookups.ts';
export * from './projects/project-access.ts';
export type { KernelDeps } from './kernel/command-handler.ts';
export { inParallel } from './kernel/in-parallel.ts';
