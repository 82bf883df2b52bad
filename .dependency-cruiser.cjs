/**
 * The architecture's import rules, checked by `npm test` (`npm run check:architecture`).
 * docs/architecture.md says why each holds; a violation fails the build.
 */
/**
 * Tests and their helpers may reach further than the code they test (e.g. through the real command service); an adapter's
 * contract suite (infra/src/<port>/contract.ts) is test support too.
 */
const TESTS = ['\\.test\\.tsx?$', '/testing/', '/testing\\.ts$', '/given-when-then\\.ts$', '^infra/src/[^/]+/contract\\.ts$'];

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
      name: 'commands-are-found-not-listed',
      severity: 'error',
      comment:
        "The command service finds every aggregate's commands.ts and every workflow's commands itself " +
        '(services/commands/src/command-service.ts); what aggregates ask of each other goes through the ports they ' +
        'name (kernel/command-units.ts). Nothing imports a commands.ts, which would be a list of aggregates again.',
      from: { pathNot: TESTS },
      to: { path: '^services/commands/src/[^/]+/commands\\.ts$' },
    },
    {
      name: 'read-models-are-found-not-listed',
      severity: 'error',
      comment:
        "The projections package finds every read model's read-model.ts itself (services/projections/src/read-models.ts): " +
        'nothing imports one, which would be a list of read models again.',
      from: { pathNot: TESTS },
      to: { path: '^services/projections/src/[^/]+/read-model\\.ts$' },
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
      name: 'client-features-import-each-other-through-index',
      severity: 'error',
      comment:
        "A client feature uses another only through that feature's index.ts, which exports what others use of it, or its " +
        'prefetch.ts (the calls its screens make, asked as an address is entered). ' +
        'Which way features may import each other: scripts/check-client-features.mjs (no cycle).',
      from: { path: '^client/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^client/src/features/[^/]+/',
        pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/(index|prefetch)\\.ts$'],
      },
    },
    {
      name: 'client-prefetch-loads-no-screen',
      severity: 'error',
      comment:
        "A feature's prefetch.ts is loaded as an address is entered, and must arrive before the screen's own chunks to be " +
        "of use: nothing it reaches is a component (.tsx) or a feature's index.ts, which would bring screens into its chunk.",
      from: { path: '^client/src/features/[^/]+/prefetch\\.ts$' },
      to: { path: '(\\.tsx$|^client/src/features/[^/]+/index\\.ts$)', reachable: true },
    },
    {
      name: 'client-shell-imports-features-through-index',
      severity: 'error',
      comment: 'The shell and app/ use a feature through its index.ts (the router takes the routes the features declare).',
      from: { path: '^client/src/(shell|app)/', pathNot: TESTS },
      to: { path: '^client/src/features/[^/]+/', pathNot: '^client/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'client-feature-routes-are-found-not-listed',
      severity: 'error',
      comment:
        "The app finds every feature's routes.tsx itself (app/feature-routes.ts): the router, the sidebar and the project " +
        'page take the routes, links and tabs from there, and nothing imports a routes.tsx (a list of screens again).',
      from: { path: '^client/src/', pathNot: TESTS },
      to: { path: '^client/src/features/[^/]+/routes\\.tsx$' },
    },
    {
      name: 'client-feature-routes-load-pages-lazily',
      severity: 'error',
      comment:
        "A feature's routes.tsx is in the entry: it reaches its pages only through import(), one chunk each, and of its " +
        'own modules imports statically only prefetch.ts (the calls its routes ask ahead); no other feature.',
      from: { path: '^client/src/features/([^/]+)/routes\\.tsx$' },
      to: {
        path: '^client/src/features/',
        pathNot: '^client/src/features/$1/prefetch\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'client-lower-layers-import-no-feature',
      severity: 'error',
      comment:
        'entities/ (resource models: types, API, changes, paths), shared/ (widgets several features use) and the ' +
        'infrastructure folders sit below the features.',
      from: { path: '^client/src/(entities|shared|api|components|forms|i18n|session|theme)/', pathNot: TESTS },
      to: { path: '^client/src/features/' },
    },
    {
      name: 'client-texts-are-found-not-listed',
      severity: 'error',
      comment:
        'The locales find every texts.ts themselves (i18n/collected-texts.ts): a module importing one would be a list ' +
        "of texts again. Tests may read a feature's texts.",
      from: { path: '^client/src/', pathNot: [...TESTS, '^client/src/i18n/translations\\.ts$'] },
      to: { path: '/texts\\.ts$' },
    },
    {
      name: 'client-nothing-imports-the-locales',
      severity: 'error',
      comment: 'Only i18n/i18n.ts loads the assembled locales (tests may read them); features use t() and their texts.ts.',
      from: { path: '^client/src/', pathNot: [...TESTS, '^client/src/i18n/(i18n\\.ts|locales/)'] },
      to: { path: '^client/src/i18n/locales/' },
    },
    {
      name: 'client-shared-imports-no-entity',
      severity: 'error',
      comment: "shared/ knows no resource: the tree bar's heading, the project's title, is given by the workspace.",
      from: { path: '^client/src/shared/', pathNot: TESTS },
      to: { path: '^client/src/entities/' },
    },
    {
      name: 'client-features-use-only-shared-app-modules',
      severity: 'error',
      comment:
        'Of app/, features, entities and shared use only the infrastructure every screen shares: the data layer ' +
        '(services.ts), change announcements (changes.ts), live queries (use-live-query.ts), toasts, actions with ' +
        'refusals (use-action.ts, refusal.ts, confirm-removal.ts), item forms and lazy tables (use-item-form.ts, ' +
        'use-lazy-table.ts), local settings, prefetching, and the routes the features declare (routing.ts, feature-routes.ts). ' +
        'The router, the root layout and the stale-build reload are the app itself.',
      from: { path: '^client/src/(features|entities|shared)/', pathNot: TESTS },
      to: {
        path: '^client/src/app/',
        pathNot:
          '^client/src/app/(services|changes|use-live-query|toasts|use-action|refusal|confirm-removal|use-item-form|' +
          'use-lazy-table|local-settings|prefetch|routing|feature-routes)\\.ts$',
      },
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
