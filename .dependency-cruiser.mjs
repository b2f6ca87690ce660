// Import boundaries, checked by `npm run lint` (dependency-cruiser). Paths are relative to the repo root;
// the reasons are in docs/decisions/platform.md ("Import boundaries").
import fs from 'node:fs';
import path from 'node:path';

const server = '^apps/server/src';
const modules = `${server}/modules`;
const web = '^apps/web/src';

/** Every workspace's folder and the @sabai packages its package.json declares. */
function workspaces() {
  const root = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8'));
  return root.workspaces.map((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, dir, 'package.json'), 'utf8'));
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    return { dir, name: manifest.name, declared };
  });
}

/** A workspace imports another workspace only when its package.json declares it. */
function declaredWorkspaceRules() {
  const all = workspaces();
  return all.flatMap((from) => {
    const undeclared = all.filter((to) => to !== from && !from.declared.includes(to.name));
    if (undeclared.length === 0) return [];
    return [
      {
        name: 'workspace-declares-its-imports',
        comment: `${from.name} imports a @sabai package that its package.json does not declare.`,
        severity: 'error',
        from: { path: `^${from.dir}/` },
        // By package name only: a relative path into another workspace (bench, e2e) is no package import.
        to: { path: undeclared.map((to) => `^${to.dir}/`), dependencyTypesNot: ['local'] },
      },
    ];
  });
}

/**
 * No cycle between server modules: a module's files never reach its own index.ts. Only the index is
 * importable from outside the module (module-through-its-index), so reaching it means a path that leaves the
 * module and comes back through other modules (or through the layers they share), type-only imports
 * included. A module's own files import each other directly, never through their index. One rule per
 * module folder: a reachable rule does not carry the folder it matched (`$1`) over to what it reaches.
 */
function moduleCycleRules() {
  const folders = fs.readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), {
    withFileTypes: true,
  });
  return folders
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      name: 'no-module-cycle',
      comment: `A file of modules/${name} reaches its own index.ts: the modules on that path form a cycle.`,
      severity: 'error',
      from: { path: `${modules}/${name}/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${modules}/${name}/index\\.ts$`, reachable: true },
    }));
}

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only imports included: each file is loaded after the files it uses, and ' +
        'files that name each other cannot be understood or changed one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'platform-is-the-bottom',
      comment: 'platform is the lowest server layer: it imports neither http nor the modules.',
      severity: 'error',
      from: { path: `${server}/platform/` },
      to: { path: [`${server}/http/`, `${modules}/`] },
    },
    {
      name: 'platform-without-deps',
      comment:
        'platform is handed to the services through the Deps bag (deps.ts): it never takes the bag itself, ' +
        'nor the ports the modules implement.',
      severity: 'error',
      from: { path: `${server}/platform/` },
      to: { path: `${server}/(deps|ports)\\.ts$` },
    },
    {
      name: 'deps-below-modules',
      comment:
        'deps.ts and ports.ts name what the modules provide by interface only (ports.ts), never by importing ' +
        'a module: every module imports deps.ts, so either import would close a circle.',
      severity: 'error',
      from: { path: `${server}/(deps|ports)\\.ts$` },
      to: { path: [`${modules}/`, `${server}/(http|realtime)/`, `${server}/(app|main|workers)\\.ts$`] },
    },
    {
      name: 'db-below-modules',
      comment: 'db (schema, seed, migrations) imports neither the modules nor the app around them.',
      severity: 'error',
      from: { path: `${server}/db/` },
      to: { path: [`${modules}/`, `${server}/(app|deps|main|workers)\\.ts$`, `${server}/(http|realtime)/`] },
    },
    {
      name: 'channels-without-database',
      comment: 'channels (LINE, Meta adapters) never touch the database.',
      severity: 'error',
      from: { path: `${server}/channels/` },
      to: { path: [`${server}/db/`, `${server}/platform/db`, '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'channels-without-modules',
      comment:
        'channels (LINE, Meta adapters) only speak to the providers; the modules call them, never the reverse.',
      severity: 'error',
      from: { path: `${server}/channels/` },
      to: { path: `${modules}/` },
    },
    {
      name: 'modules-without-realtime',
      comment:
        'Modules reach the sockets only by publishing domain events in their transaction (platform/events.ts): ' +
        'an event leaves only if its change commits, and reaches every process, not just this one.',
      severity: 'error',
      from: { path: `${modules}/` },
      to: { path: `${server}/realtime/` },
    },
    ...moduleCycleRules(),
    {
      name: 'module-through-its-index',
      comment: "Outside a module, only the module's index.ts may be imported.",
      severity: 'error',
      from: { path: `${modules}/([^/]+)/` },
      to: { path: `${modules}/[^/]+/`, pathNot: [`${modules}/$1/`, `${modules}/[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-through-its-index',
      comment: "Outside a module, only the module's index.ts may be imported.",
      severity: 'error',
      from: { pathNot: `${modules}/` },
      to: { path: `${modules}/[^/]+/`, pathNot: `${modules}/[^/]+/index\\.ts$` },
    },
    {
      name: 'web-shared-code-without-features',
      comment: 'Web lib and components are shared by features and never import one.',
      severity: 'error',
      from: { path: `${web}/(lib|components)/` },
      to: { path: `${web}/features/` },
    },
    {
      name: 'web-features-apart',
      comment: 'A web feature never imports another feature.',
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: { path: `${web}/features/`, pathNot: `${web}/features/$1/` },
    },
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain imports nothing (the password list alone reads its word list; local-time.ts alone ' +
        'reads time zones through @date-fns/tz).',
      severity: 'error',
      from: {
        path: '^packages/domain/src/',
        pathNot: ['^packages/domain/src/common-passwords\\.ts$', '^packages/domain/src/local-time\\.ts$'],
      },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'contracts-on-domain-only',
      comment: 'packages/contracts imports only domain and zod.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { pathNot: ['^packages/(contracts|domain)/src/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'packages-without-apps',
      comment: 'packages never import apps or tools.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: ['^apps/', '^tools/', '^e2e/', '^bench/'] },
    },
    ...declaredWorkspaceRules(),
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Packages are read as import targets (contracts may use zod, channels never drizzle) but not followed.
    exclude: {
      path: ['(^|/)dist/', '^e2e/artifacts/', '^data/', '^apps/server/src/db/migrations/'],
    },
    // Type-only imports are read too: reaching across a boundary for a type is still reaching across it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
