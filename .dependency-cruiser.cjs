/**
 * The architecture's import rules, checked by `npm test` (`npm run check:architecture`).
 * docs/architecture.md says why each holds; a violation fails the build.
 */
/** Tests and their helpers may reach further than the code they test (e.g. through the real command service). */
const TESTS = ['\\.test\\.tsx?$', '/testing/', '/testing\\.ts$', '/given-when-then\\.ts$'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles hide layering mistakes and break initialisation order.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      comment: 'contracts/ owns the wire and is shared by the server and the browser: it depends on no other package of ours.',
      from: { path: '^contracts/' },
      to: { path: '^(infra|services|client|e2e|bench)/' },
    },
    {
      name: 'client-imports-only-contracts',
      severity: 'error',
      comment: 'The browser app talks to the server over the wire; of our packages it uses only contracts/.',
      from: { path: '^client/' },
      to: { path: '^(infra|services|e2e|bench)/' },
    },
    {
      name: 'nothing-imports-the-gateway',
      severity: 'error',
      comment: 'The gateway is the outermost layer. Tests elsewhere may start it through its testing helpers.',
      from: { pathNot: '^services/gateway/' },
      to: { path: '^services/gateway/', pathNot: '^services/gateway/src/testing/' },
    },
    {
      name: 'kernel-knows-no-aggregate',
      severity: 'error',
      comment: 'The command kernel defines ports (project access, role lookup); aggregates and workflows fill them.',
      from: { path: '^services/commands/src/kernel/', pathNot: TESTS },
      to: { path: '^services/commands/src/', pathNot: '^services/commands/src/kernel/' },
    },
    {
      name: 'aggregates-do-not-call-each-other',
      severity: 'error',
      comment: 'What crosses aggregates is a workflow (services/commands/src/workflows/). project-catalogue/ is the shared catalogue kind.',
      from: { path: '^services/commands/src/([^/]+)/', pathNot: ['^services/commands/src/(workflows|kernel)/', ...TESTS] },
      to: {
        path: '^services/commands/src/[^/]+/',
        pathNot: ['^services/commands/src/$1/', '^services/commands/src/(kernel|project-catalogue)/'],
      },
    },
    {
      name: 'projections-import-no-commands',
      severity: 'error',
      comment: 'Read models fold events; they never decide. (Their tests write events through the real command side.)',
      from: { path: '^services/projections/', pathNot: TESTS },
      to: { path: '^services/commands/' },
    },
    {
      name: 'infra-imports-nothing-of-ours',
      severity: 'error',
      comment: 'infra/ holds the adapters behind the ports: it knows no wire, no aggregate and no read model.',
      from: { path: '^infra/' },
      to: { path: '^(contracts|services|client|e2e|bench)/' },
    },
    {
      name: 'contracts-import-no-node-module',
      severity: 'error',
      comment: 'contracts/ runs in the browser too.',
      from: { path: '^contracts/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'production-code-imports-no-test-support',
      severity: 'error',
      comment: 'Test helpers stay out of what ships; tests, benchmarks and e2e may use them.',
      from: { path: '^(contracts|infra|services|client)/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'gateway-http-imports-no-route',
      severity: 'error',
      comment: 'http/ holds what every resource uses; a resource lives in its own routes/ folder.',
      from: { path: '^services/gateway/src/http/', pathNot: TESTS },
      to: { path: '^services/gateway/src/routes/' },
    },
    {
      name: 'gateway-routes-do-not-import-each-other',
      severity: 'error',
      comment: "A route folder serves one resource; what two share lives in the read model's queries, http/ or representations/.",
      from: { path: '^services/gateway/src/routes/([^/]+)/', pathNot: TESTS },
      to: { path: '^services/gateway/src/routes/[^/]+/', pathNot: '^services/gateway/src/routes/$1/' },
    },
    {
      name: 'declared-dependencies-only',
      severity: 'error',
      comment:
        'Each package lists the npm packages it imports in its own package.json ' +
        '(workspace packages: scripts/check-workspace-dependencies.mjs).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    { name: 'no-unresolvable-imports', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
