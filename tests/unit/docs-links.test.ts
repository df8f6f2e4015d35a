/**
 * Every link of the README and of docs/ goes somewhere: a relative link names a file or
 * folder that exists, and a `#heading` names a heading (or an `id`) of its target the way
 * GitHub makes its anchors (lower case, spaces to '-', punctuation dropped, letters of any
 * alphabet kept, a repeated heading numbered `-1`, `-2`…). Code blocks and code spans are not
 * links; addresses with a scheme (https:, mailto:) are not checked.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** README.md and every Markdown file under docs/, as paths relative to the root. */
function documentationFiles(base = root): string[] {
  const docs = existsSync(path.join(base, 'docs'))
    ? readdirSync(path.join(base, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.posix.join('docs', f.split(path.sep).join('/')))
    : [];
  return ['README.md', ...docs.sort()];
}

/** The text without fenced code blocks, code spans and HTML comments (blank lines kept, so line numbers hold). */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
  return kept
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ''))
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (c) => c.replace(/[^\n]/g, ' '));
}

/** GitHub's anchor of a heading's text (github-slugger's rule, on the text as rendered). */
function slugOf(heading: string): string {
  const text = heading
    .split(/(`[^`]*`)/)
    .map(
      (part, i) =>
        i % 2 === 1
          ? part.slice(1, -1) // a code span: its text, as written
          : part
              .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // an image: its alt text
              .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link: its text
              .replace(/<\/?[a-z][^>]*>/gi, ''), // an HTML tag: nothing
    )
    .join('')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings' slugs (repeats numbered) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const original = markdown.split('\n');
  const plain = withoutCode(markdown);
  plain.split('\n').forEach((line, i) => {
    // A heading outside code blocks; its text (code spans included) is read from the original line.
    if (!/^\s{0,3}#{1,6}\s/.test(line)) return;
    const heading = (original[i] ?? '').replace(/^\s{0,3}#{1,6}\s+/, '').replace(/\s+#+\s*$/, '');
    const base = slugOf(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  });
  for (const m of plain.matchAll(/<[a-z]+\s[^>]*\b(?:id|name)="([^"]+)"/gi)) if (m[1]) anchors.add(m[1]);
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** The links of a Markdown file: inline `[text](target)`, images, reference definitions and `href`s. */
function linksOf(file: string, markdown: string): Link[] {
  const links: Link[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((line, i) => {
      const found = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
        ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
        ...[...line.matchAll(/\bhref="([^"]*)"/g)].map((m) => m[1]),
      ];
      for (const target of found) if (target !== undefined) links.push({ file, line: i + 1, target });
    });
  return links;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** What is wrong with one link ('' when nothing): a missing file or folder, or a missing heading. */
function problemOf(link: Link, read: (file: string) => string | undefined, exists: (file: string) => boolean) {
  if (EXTERNAL.test(link.target)) return '';
  const [rawPath = '', rawAnchor] = link.target.split('#', 2) as [string, string | undefined];
  const targetPath = decodeURI(rawPath);
  if (targetPath.startsWith('/')) return 'an absolute path: link relative to the file instead';
  const file =
    targetPath === '' ? link.file : path.posix.normalize(path.posix.join(path.posix.dirname(link.file), targetPath));
  if (file.startsWith('..')) return `${file} is outside the repository`;
  if (!exists(file)) return `${file} does not exist`;
  if (rawAnchor === undefined || rawAnchor === '') return '';
  if (!file.endsWith('.md')) return '';
  const text = read(file);
  if (text === undefined) return `${file} cannot be read`;
  const anchor = decodeURIComponent(rawAnchor);
  return anchorsOf(text).has(anchor) ? '' : `${file} has no heading #${anchor}`;
}

const readAt = (file: string) => {
  const full = path.join(root, file);
  return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
};
const existsAt = (file: string) => existsSync(path.join(root, file));

describe('the links of README.md and docs/', () => {
  const files = documentationFiles();

  it('finds the README and the docs', () => {
    expect(files[0]).toBe('README.md');
    expect(files.length).toBeGreaterThan(1);
  });

  it('every relative link names a file that exists and a heading it has', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readAt(file) ?? '';
      for (const link of linksOf(file, text)) {
        const problem = problemOf(link, readAt, existsAt);
        if (problem) broken.push(`${link.file}:${link.line} → ${link.target}: ${problem}`);
      }
    }
    expect(broken, broken.join('\n')).toEqual([]);
  });
});

describe('the link rules themselves', () => {
  it('makes GitHub anchors: lower case, spaces to dashes, punctuation dropped, Polish letters kept', () => {
    expect(slugOf('Orders online (`/zamowienie/<quote id>`)')).toBe('orders-online-zamowieniequote-id');
    expect(slugOf('`<kserowo-configurator>`: Konfigurator oferty')).toBe('kserowo-configurator-konfigurator-oferty');
    expect(slugOf("The customer's page `/konto` ('Strefa klienta')")).toBe('the-customers-page-konto-strefa-klienta');
    expect(slugOf('Zgłoszenie awarii — szybko')).toBe('zgłoszenie-awarii--szybko');
    expect(slugOf('Privacy: retention, export and erasure')).toBe('privacy-retention-export-and-erasure');
    expect(slugOf('Before going live (launch checklist)')).toBe('before-going-live-launch-checklist');
    expect(slugOf('snake_case and [a link](x.md)')).toBe('snake_case-and-a-link');
  });

  it('numbers repeated headings and ignores headings inside code blocks', () => {
    const anchors = anchorsOf('# A\n\n## Notes\n\n```md\n## Hidden\n```\n\n## Notes\n\n<a id="own-id"></a>\n');
    expect([...anchors].sort()).toEqual(['a', 'notes', 'notes-1', 'own-id']);
  });

  it('reads inline links, reference definitions and hrefs, never code', () => {
    const text =
      'See [ops](operations.md#deploying) and `[not](a-link.md)`.\n\n```\n[nor](this.md)\n```\n[ref]: glossary.md\n<a href="api.md">api</a>\n';
    expect(linksOf('docs/x.md', text).map((l) => `${l.line}:${l.target}`)).toEqual([
      '1:operations.md#deploying',
      '6:glossary.md',
      '7:api.md',
    ]);
  });

  it('reports a missing file, a missing heading, and passes external addresses', () => {
    const files: Record<string, string> = { 'docs/a.md': '# A\n\n## Here\n', 'docs/b.md': '' };
    const read = (f: string) => files[f];
    const exists = (f: string) => f in files || f === 'docs';
    const problem = (target: string) => problemOf({ file: 'docs/b.md', line: 1, target }, read, exists);
    expect(problem('a.md#here')).toBe('');
    expect(problem('a.md#there')).toBe('docs/a.md has no heading #there');
    expect(problem('c.md')).toBe('docs/c.md does not exist');
    expect(problem('../README.md')).toBe('README.md does not exist');
    expect(problem('https://example.com/x#y')).toBe('');
    expect(problem('#nowhere')).toBe('docs/b.md has no heading #nowhere');
  });
});
