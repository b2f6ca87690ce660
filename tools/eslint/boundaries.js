// Local ESLint rules for architecture.md's import boundaries (kept local: eslint-plugin-import-x pulls a
// native resolver whose other-platform bindings the project's npm registry does not carry, which breaks
// `npm ci`). Relative imports are resolved by path; package imports are left to no-restricted-imports.
import path from 'node:path';

/**
 * `zones`: [{ root, message }] — every direct sub-folder of `root` is a unit (a server module, a web
 * feature). A file inside one unit may import another unit only through files named in `entry` (e.g.
 * index.ts); with `entry: []` not at all.
 */
const unitBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A module uses another only through its index; a web feature never imports another.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                root: { type: 'string' },
                entry: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['root', 'message'],
            },
          },
        },
      },
    ],
  },
  create(context) {
    const zones = (context.options[0]?.zones ?? []).map((z) => ({ ...z, root: path.resolve(z.root) }));
    const filename = path.resolve(context.filename);
    const unitOf = (file, root) => {
      const rel = path.relative(root, file);
      return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
    };
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      for (const zone of zones) {
        const from = unitOf(filename, zone.root);
        const to = unitOf(target, zone.root);
        if (!from || !to || from === to) continue;
        const rest = path.relative(path.join(zone.root, to), target);
        const allowed = (zone.entry ?? []).some(
          (e) => rest === '' || rest === e || rest === e.replace(/\.tsx?$/, ''),
        );
        if (!allowed) context.report({ node: node.source, message: zone.message });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'unit-boundaries': unitBoundaries } };
