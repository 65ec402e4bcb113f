/**
 * Module boundaries, checked by `npm run lint` (ADR 015). Each rule is an error, so a violation fails lint and CI.
 *
 * API (apps/api/src):
 * - A feature is a folder under features/ (features/money is one module: its ledger, wallets and transactions
 *   import each other freely). Another feature, and composition code other than app.ts, may import it only through
 *   its public face, features/<x>/index.ts.
 * - app.ts is where routes are registered: it may import a feature's face or its *.routes.ts, nothing else of it.
 * - plugins/, jobs/, scripts/ and seed/ go through faces.
 * - Lower layers do not reach up: lib/, db/, providers/ and config.ts import no feature, plugin, job, seed,
 *   script or app.ts. Features may use lib, db, providers, jobs' event queue and types.ts.
 * - Tests (apps/api/test) and benchmarks (bench/) may import anything: they exercise internals on purpose.
 *
 * Web (apps/web/src, after bulletproof-react):
 * - Features do not import each other; what two features share lives in components/, lib/, testing/ or
 *   @bizdash/shared. components/ and lib/ import no feature and nothing of app/; a feature imports app/ only in
 *   its tests (which render the app's toaster). testing/ may import anything: it renders the whole router.
 *
 * Everywhere: packages/shared imports nothing from apps/ and no framework (only zod and date-fns, plus its test
 * tools); the API and the web app never import each other's files; no import cycles, type-only ones included.
 */
const path = require('node:path');

const API = '^apps/api/src/';
const FACE = `${API}features/[^/]+/index\\.ts$`;

/**
 * Who owns which table (docs/ARCHITECTURE.md, "Who owns which table"; ADR 047): each file of db/schema is imported
 * only by its owner; every other feature reaches that table through the owner's face, with verbs, or for a hot-path
 * join with the table and named columns the owner's *.joins.ts exports there. db/ itself (the client, foreign keys
 * between schema files) and the tests may import any of them.
 */
const TABLE_OWNERS = {
  'users.ts': 'features/users/',
  'auth.ts': 'features/auth/',
  'otp.ts': 'features/otp/',
  'two-factor.ts': 'features/security/',
  'api-keys.ts': 'features/api-keys/',
  'audit.ts': 'features/audit/',
  'team.ts': 'features/team/',
  'wallets.ts': 'features/money/',
  'ledger.ts': 'features/money/',
  'transactions.ts': 'features/money/',
  'products.ts': 'features/products/',
  'checkout.ts': 'features/checkout/',
  'fx.ts': 'features/fx/',
  'bank-accounts.ts': 'features/banks/',
  'bank-links.ts': 'features/banks/',
  'payouts.ts': 'features/payouts/',
  'refunds.ts': 'features/refunds/',
  'customers.ts': 'features/customers/',
  'disputes.ts': 'features/disputes/',
  'kyc.ts': 'features/kyc/',
  'files.ts': 'features/files/',
  'documents.ts': 'features/documents/',
  'notifications.ts': 'features/notifications/',
  'webhooks.ts': 'features/webhooks/',
  'events.ts': 'jobs/',
  'idempotency.ts': 'plugins/idempotency',
  'seen-callbacks.ts': 'plugins/provider-callbacks',
  'email-outbox.ts': 'providers/email/',
  'sandbox-card-authorizations.ts': 'providers/payments/',
  'sandbox-card-refunds.ts': 'providers/payments/',
  'sandbox-card-disputes.ts': 'providers/payments/',
  'sandbox-bank-link-sessions.ts': 'providers/bank-link/',
  'sandbox-identity-sessions.ts': 'providers/identity/',
};

const tableOwnershipRules = Object.entries(TABLE_OWNERS).map(([file, owner]) => ({
  name: `table-owner:${file.replace(/\.ts$/, '')}`,
  comment: `db/schema/${file} belongs to ${owner}: import its face instead (docs/ARCHITECTURE.md, "Who owns which table").`,
  severity: 'error',
  from: { path: API, pathNot: [`${API}${owner}`, `${API}db/`] },
  to: { path: `${API}db/schema/${file.replace('.', '\\.')}$` },
}));

module.exports = {
  forbidden: [
    ...tableOwnershipRules,
    {
      name: 'api-schema-by-file',
      comment:
        'Import a table from its own db/schema/<file>.ts (whose owner lint knows), not from db/schema/index.ts.',
      severity: 'error',
      from: { path: API, pathNot: `${API}db/` },
      to: { path: `${API}db/schema/(index|columns)\\.ts$` },
    },
    {
      name: 'api-feature-internals',
      comment:
        'An API feature imports another feature only through its public face (features/<x>/index.ts). ' +
        'Export what you need from that face, or move the shared piece to lib/ or @bizdash/shared.',
      severity: 'error',
      from: { path: `${API}features/([^/]+)/` },
      to: { path: `${API}features/`, pathNot: [`${API}features/$1/`, FACE] },
    },
    {
      name: 'api-app-registers-routes',
      comment: "app.ts registers routes: it imports a feature's face or its *.routes.ts, no other internals.",
      severity: 'error',
      from: { path: `${API}app\\.ts$` },
      to: { path: `${API}features/`, pathNot: [FACE, '\\.routes\\.ts$'] },
    },
    {
      name: 'api-composition-through-faces',
      comment:
        'Plugins, scripts and seeds use a feature only through its public face (features/<x>/index.ts).',
      severity: 'error',
      from: { path: `${API}(plugins|scripts|seed)/` },
      to: { path: `${API}features/`, pathNot: FACE },
    },
    {
      name: 'api-jobs-through-faces',
      comment: 'Jobs use a feature only through its public face.',
      severity: 'error',
      from: { path: `${API}jobs/` },
      to: { path: `${API}features/`, pathNot: FACE },
    },
    {
      name: 'api-lower-layers-stay-low',
      comment:
        'lib/, db/, providers/ and config.ts are used by features and composition code, never the other way: ' +
        'they import no feature, plugin, job, seed, script, app.ts or server.ts.',
      severity: 'error',
      from: { path: `${API}(lib/|db/|providers/|config\\.ts$)` },
      to: { path: `${API}(features|plugins|jobs|seed|scripts)/|${API}(app|server)\\.ts$` },
    },
    {
      name: 'web-features-isolated',
      comment:
        'Web features do not import each other; move what both need to components/, lib/, testing/ or @bizdash/shared.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-stays-below-features',
      comment: 'components/ and lib/ are used by features and app/; they import neither.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'app/ composes features (router, layouts); a feature imports app/ only in its tests.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-imports-no-app',
      comment:
        '@bizdash/shared is the contract both apps build on: it imports nothing from apps/, e2e/ or bench/.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'shared-imports-no-framework',
      comment:
        '@bizdash/shared is pure TypeScript: zod and date-fns (plus vitest and fast-check in its tests); ' +
        'no React, Fastify, Drizzle or Node built-ins, because it runs in the browser and the server alike.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'],
        pathNot: 'node_modules/(zod|date-fns|vitest|@vitest/[^/]+|fast-check)/',
      },
    },
    {
      name: 'apps-do-not-import-each-other',
      comment: 'The API and the web app share code only through @bizdash/shared.',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/(api|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only ones included: a cycle means two modules are one, or one depends on a ' +
        'type it should own. Break it by moving the shared piece down (lib/, a types module, @bizdash/shared).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test-results|playwright-report|coverage)/' },
    // Type-only imports count: they still tie modules together (and make cycles).
    tsPreCompilationDeps: true,
    // The web app's `@/` alias (its tsconfig `paths`, which the tsconfig-paths resolver cannot place without a
    // baseUrl); the rest imports relatively or by workspace name.
    webpackConfig: { fileName: path.join(__dirname, '.dependency-cruiser.resolve.cjs') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
