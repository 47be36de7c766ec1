// Layer boundaries of ARCHITECTURE §4 and STYLE.md, checked by `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-app-free',
      comment: 'packages/shared is isomorphic: it imports nothing from the apps.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-talks-http-only',
      comment: 'The web app reaches the server over HTTP, never by import.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-without-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'features-are-independent',
      comment: 'Web features do not import each other; the app shell (src/app) composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'lib-and-components-below-features',
      comment: 'src/lib and src/components serve features and the app shell, never the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'modules-use-services-not-repositories',
      comment: 'A server module uses another module through its service, never its repository.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+[.]repository[.]ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'features-without-app-shell',
      comment: 'The app shell (src/app) composes the features; a feature never reaches back into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'infrastructure-without-modules',
      comment:
        'db/, platform/, warehouse/ and plugins/ serve the modules and never import one (types included): what ' +
        'they need of a module is an interface of their own, which app.ts fills. Tests may build the whole app.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|platform|warehouse|plugins)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'services-receive-repositories',
      comment:
        'A service receives its repositories (app.ts builds them) and imports only their types, so its rules ' +
        'are unit tested with in-memory fakes. The services listed in pathNot still build their own: take a ' +
        'file off the list when it is converted; never add one.',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/[^/]+/[^/]+[.]service[.]ts$',
        pathNot: [
          '^apps/server/src/modules/auth/(auth|password-links|sessions)[.]service[.]ts$',
          '^apps/server/src/modules/chat/chat[.]service[.]ts$',
          '^apps/server/src/modules/dashboards/dashboards[.]service[.]ts$',
          '^apps/server/src/modules/data-management/(data-management|journals)[.]service[.]ts$',
          '^apps/server/src/modules/data-types/data-types[.]service[.]ts$',
          '^apps/server/src/modules/onboarding/onboarding[.]service[.]ts$',
          '^apps/server/src/modules/organizations/organizations[.]service[.]ts$',
          '^apps/server/src/modules/outbox/outbox[.]service[.]ts$',
          '^apps/server/src/modules/users/users[.]service[.]ts$',
        ],
      },
      to: { path: '[.]repository[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
