// The documents stay true to the repository: every reference to a decision resolves to its file and heading,
// and docs/architecture.md lists exactly the server's modules and background jobs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs', 'decisions');
const SOURCE_FILE = /\.(ts|tsx|js|mjs|md)$/;

/** Every source and documentation file of the repository (tracked or new, not ignored), relative to its root. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => SOURCE_FILE.test(file) && existsSync(path.join(root, file)));
}

/** A file's text with comment line breaks joined, so a reference wrapped over two comment lines reads whole. */
function joinedText(file: string): string {
  return readFileSync(path.join(root, file), 'utf8').replace(/\s*\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
}

/** The names a decisions file answers to: its headings and the bold names its entries start with. */
function decisionNames(file: string): string[] {
  const text = readFileSync(path.join(decisionsDir, file), 'utf8');
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => (m[1] ?? '').trim());
  const entries = [...text.matchAll(/^\s*- \*\*(.+?)\*\*/gm)].map((m) => (m[1] ?? '').trim());
  return [...headings, ...entries];
}

// `decisions/<file>.md`, optionally as a markdown link or in backticks, then an optional `(` and "Heading".
const DECISION_REFERENCE = /decisions\/([a-z0-9-]+\.md)(?:\]\([^)]*\))?`?(?: \(?"([^"]+)")?/g;

describe('references to docs/decisions', () => {
  const files = repositoryFiles().filter((f) => f !== path.relative(root, import.meta.filename));
  const references = files.flatMap((file) =>
    [...joinedText(file).matchAll(DECISION_REFERENCE)].map((m) => ({
      file,
      target: m[1] ?? '',
      heading: m[2],
    })),
  );

  it('finds the references it checks', () => {
    expect(references.filter((r) => r.heading).length).toBeGreaterThan(30);
  });

  it('resolves every reference to an existing file and heading', () => {
    const decisionFiles = readdirSync(decisionsDir);
    const broken = references.filter(({ target, heading }) => {
      if (!decisionFiles.includes(target)) return true;
      return heading !== undefined && !decisionNames(target).some((name) => name.startsWith(heading));
    });
    expect(broken).toEqual([]);
  });

  it('leaves no reference to the single decisions file it replaced', () => {
    const old = ['docs', 'decisions.md'].join('/');
    expect(files.filter((file) => readFileSync(path.join(root, file), 'utf8').includes(old))).toEqual([]);
  });

  it('lists every section of every decisions file in the index, with a link to it', () => {
    const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const missing = readdirSync(decisionsDir)
      .filter((file) => file !== 'README.md')
      .flatMap((file) =>
        [...readFileSync(path.join(decisionsDir, file), 'utf8').matchAll(/^## (.+)$/gm)]
          .filter((m) => !index.includes(`[${m[1]}](${file}#`))
          .map((m) => `${file}: ${m[1]}`),
      );
    expect(missing).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const architecture = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  const serverSrc = path.join(root, 'apps', 'server', 'src');

  /** The names a part of the document lists, one `- \`name\`` line each. */
  const listed = (from: string, to: string) => {
    const start = architecture.indexOf(from);
    const part = architecture.slice(start, architecture.indexOf(to, start));
    return [...part.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]).sort();
  };

  it('lists every server module, and no other', () => {
    const modulesDir = path.join(serverSrc, 'modules');
    const modules = readdirSync(modulesDir)
      .filter((name) => statSync(path.join(modulesDir, name)).isDirectory())
      .sort();
    expect(listed('**Server modules.**', '**Platform**')).toEqual(modules);
  });

  it('lists every background job, and no other', () => {
    const server = path.relative(root, serverSrc);
    const jobs = repositoryFiles()
      .filter((file) => file.startsWith(`${server}/`) && file.endsWith('.ts'))
      .filter((file) => !/\.(test|typecheck)\.ts$/.test(file))
      .flatMap((file) => [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(/defineJob\(\s*'([^']+)'/g),
      ])
      .map((m) => m[1])
      .sort();
    expect(jobs.length).toBeGreaterThan(0);
    expect(listed('## Jobs', '\n## ')).toEqual(jobs);
  });
});
