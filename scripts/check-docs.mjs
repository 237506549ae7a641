// `npm run check:docs` (and a step of `npm test`): every repository path the documentation names
// must exist, so that a rename or a removal cannot leave README.md, docs/*.md or the decision
// records pointing at nothing. Plain Node, no dependencies.
//
// What counts as a path (fenced code blocks are read for rooted paths only):
// - rooted: a token starting with src/, tests/, scripts/, docs/, drizzle/ or .ci/, in backticks,
//   in a link or in plain text; resolved from the repository's root;
// - a markdown link's target that is not a URL or an anchor: resolved from the document's own
//   folder, as a reader's browser does (./x.md, decisions/NNN-x.md, ../README.md);
// - a partial path in backticks (`http/spa.ts`, `session-store.ts`, `modules/invoices/`) or in
//   plain text (`usuario/service.ts`, .ts/.tsx/.mjs/.sql only): some file or folder of the
//   repository must end with it.
// Skipped: URLs, globs (*), placeholders ({id}, <name>, ..., NNN), build output (dist/), and
// example names (a segment such as x, foo or example).
//
// The decision records are history: a decision may describe code as it was then. A stale path
// there is accepted only when docs/.check-docs-allow lists it ("docs/decisions/NNN-x.md: path");
// the other documents describe the code as it is and get no allow-list. `--no-allow` reports the
// allowed mentions too; `--verbose` lists every mention checked.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ALLOW_FILE = 'docs/.check-docs-allow';
const DECISIONS = 'docs/decisions/';
const useAllowList = !process.argv.includes('--no-allow');
const verbose = process.argv.includes('--verbose');

const ROOTED = /^(?:src|tests|scripts|docs|drizzle|\.ci)\//;
const ROOTED_IN_TEXT = /(?<![\w./#@~-])(?:src|tests|scripts|docs|drizzle|\.ci)\/[^\s`'"()[\]|,;]*/g;
// A folder needs two segments (`modules/invoices/`: `assets/` may be build output); a bare file
// name a source extension (`session-store.ts`: `dados.json` may name a generated file).
const PARTIAL_IN_CODE =
  /^(?:[\w@.-]+\/)+[\w@.-]+\.(?:ts|tsx|mjs|cjs|js|json|sql|md|css|scss|sh)$|^[\w@.-]+\.(?:ts|tsx|mjs|cjs|sql|md|css|scss|sh)$|^[\w@.-]+\/(?:[\w@.-]+\/)+$/;
const PARTIAL_IN_TEXT = /(?<![\w./#@~:-])(?:[\w.-]+\/)*[\w.-]+\.(?:ts|tsx|mjs|sql)(?![\w/-])/g;
const EXAMPLE_SEGMENTS = new Set([
  'x',
  'y',
  'z',
  'foo',
  'bar',
  'baz',
  'example',
  'examples',
  'exemplo',
  'exemplos',
]);
const NOT_IN_REPO =
  /^(?:dist|node_modules|test-results|playwright-report|\.data[\w-]*|\.test-reports)\//;

/** The documents to check, relative to the root. */
function documents() {
  const inFolder = (dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `${dir}/${name}`);
  return ['README.md', ...inFolder('docs'), ...inFolder('docs/decisions')];
}

/** Every file of the repository (tracked or new, not ignored) and every folder above one. */
function repositoryPaths() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = walk('');
  }
  const all = new Set();
  for (const file of files) {
    if (!existsSync(path.join(root, file))) continue; // deleted, not yet staged
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++)
      all.add(parts.slice(0, i).join('/') + (i < parts.length ? '/' : ''));
  }
  return all;
}

/** Without git: the files under the root, build output and dependencies left out. */
function walk(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name === '.git' || NOT_IN_REPO.test(`${rel}/`)) continue;
    if (entry.isDirectory()) out.push(...walk(rel));
    else out.push(rel);
  }
  return out;
}

/** Every tail of every path ("a/b/c.ts" gives "c.ts", "b/c.ts", "a/b/c.ts"), for partial paths. */
function tailsOf(paths) {
  const tails = new Set();
  for (const p of paths) {
    const trailing = p.endsWith('/') ? '/' : '';
    const parts = p.replace(/\/$/, '').split('/');
    for (let i = 0; i < parts.length; i++) tails.add(parts.slice(i).join('/') + trailing);
  }
  return tails;
}

function readAllowList() {
  const entries = new Map();
  const problems = [];
  const file = path.join(root, ALLOW_FILE);
  if (!existsSync(file)) return { entries, problems };
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) return;
      const match = /^(\S+?):\s+(\S+)$/.exec(line);
      if (!match) {
        problems.push(
          `${ALLOW_FILE}:${index + 1}: expected "docs/decisions/NNN-x.md: path", got "${line}"`,
        );
        return;
      }
      const [, doc, mention] = match;
      if (!doc.startsWith(DECISIONS)) {
        problems.push(
          `${ALLOW_FILE}:${index + 1}: only decision records may keep a stale path; fix ${doc} instead`,
        );
        return;
      }
      entries.set(`${doc}: ${mention}`, { line: index + 1, used: false });
    });
  return { entries, problems };
}

/** A token as written, without the punctuation around it and a :line or #anchor after it. */
function clean(token) {
  return token
    .trim()
    .replace(/^[("'[]+/, '')
    .replace(/[)"'\],;:!?]+$/, '')
    .replace(/\.+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
}

/** Globs, placeholders, URLs, build output and examples are not paths to check. */
function skipped(token) {
  if (!token || token.includes('://') || /^(?:mailto|tel|data):/.test(token)) return true;
  if (/[*{}<>…$%\\]|\.\.\.|NNN|XXX/.test(token)) return true;
  if (NOT_IN_REPO.test(token)) return true;
  const segments = token.replace(/\/$/, '').split('/');
  return segments.some((segment) =>
    EXAMPLE_SEGMENTS.has(segment.replace(/\.[\w.]+$/, '').toLowerCase()),
  );
}

function exists(rel) {
  const normal = path.posix.normalize(rel);
  if (normal.startsWith('../')) return false;
  const full = path.join(root, normal);
  if (!existsSync(full)) return false;
  return !rel.endsWith('/') || statSync(full).isDirectory();
}

const repo = repositoryPaths();
const tails = tailsOf(repo);
const { entries: allowed, problems } = readAllowList();
const missing = [];
let checked = 0;
let allowedCount = 0;

function report(doc, lineNumber, mention, why) {
  const entry = allowed.get(`${doc}: ${mention}`);
  if (entry && useAllowList) {
    entry.used = true;
    allowedCount++;
    return;
  }
  missing.push(`${doc}:${lineNumber}: ${mention} — ${why}${entry ? ' (allow-listed)' : ''}`);
}

function count(doc, lineNumber, kind, token) {
  checked++;
  if (verbose) console.log(`${doc}:${lineNumber}: ${kind} ${token}`);
}

function checkRooted(doc, lineNumber, token) {
  count(doc, lineNumber, 'rooted', token);
  if (!exists(token)) report(doc, lineNumber, token, 'no such file or folder');
}

function checkPartial(doc, lineNumber, token) {
  count(doc, lineNumber, 'partial', token);
  if (!tails.has(token) && !tails.has(`${token}/`)) {
    report(doc, lineNumber, token, 'no file or folder of the repository ends with this');
  }
}

function checkLink(doc, lineNumber, target) {
  let decoded = target;
  try {
    decoded = decodeURI(target);
  } catch {
    // kept as written
  }
  const token = clean(decoded);
  if (!token || target.startsWith('#') || /^[a-z][\w+.-]*:/i.test(target) || skipped(token)) return;
  count(doc, lineNumber, 'link', token);
  const fromDoc = path.posix.join(path.posix.dirname(doc), token);
  if (!exists(fromDoc + (token.endsWith('/') ? '/' : ''))) {
    report(doc, lineNumber, token, `link target not found (read from ${path.posix.dirname(doc)}/)`);
  }
}

/** A code span's tokens: rooted, relative (./, ../) or partial paths. */
function checkCodeToken(doc, lineNumber, raw) {
  const token = clean(raw);
  if (skipped(token)) return;
  if (ROOTED.test(token)) return checkRooted(doc, lineNumber, token);
  if (token.startsWith('./') || token.startsWith('../')) {
    // `./data` is a folder the running portal makes; only a document is checked from here.
    if (!token.endsWith('.md')) return;
    count(doc, lineNumber, 'relative', token);
    const fromDoc = path.posix.join(path.posix.dirname(doc), token);
    if (!exists(fromDoc) && !exists(token))
      report(doc, lineNumber, token, 'no such file or folder');
    return;
  }
  if (token.includes(':') || token.startsWith('@') || token.startsWith('.')) return; // node:fs, @scope/pkg
  if (PARTIAL_IN_CODE.test(token)) checkPartial(doc, lineNumber, token);
}

function checkText(doc, lineNumber, text, { partial }) {
  for (const match of text.matchAll(ROOTED_IN_TEXT)) {
    const token = clean(match[0]);
    if (token.length > 0 && !skipped(match[0]) && ROOTED.test(token))
      checkRooted(doc, lineNumber, token);
  }
  if (!partial) return;
  for (const match of text.replace(ROOTED_IN_TEXT, ' ').matchAll(PARTIAL_IN_TEXT)) {
    const token = clean(match[0]);
    if (!skipped(token)) checkPartial(doc, lineNumber, token);
  }
}

for (const doc of documents()) {
  let fence = null;
  readFileSync(path.join(root, doc), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const lineNumber = index + 1;
      const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fenceMark) {
        if (fence === null) fence = fenceMark[1][0];
        else if (fenceMark[1][0] === fence) fence = null;
        return;
      }
      if (fence !== null) return checkText(doc, lineNumber, line, { partial: false });
      let rest = line;
      // Links: [text](target) and reference definitions [label]: target
      rest = rest.replace(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_all, target) => {
        checkLink(doc, lineNumber, target);
        return '] ';
      });
      const definition = /^\s*\[[^\]]+\]:\s+(\S+)/.exec(rest);
      if (definition) {
        checkLink(doc, lineNumber, definition[1]);
        rest = '';
      }
      // Code spans
      rest = rest.replace(/(`+)(.+?)\1/g, (_all, _ticks, code) => {
        for (const token of code.split(/\s+/)) checkCodeToken(doc, lineNumber, token);
        return ' ';
      });
      checkText(doc, lineNumber, rest, { partial: true });
    });
}

for (const [key, entry] of allowed) {
  if (!entry.used && useAllowList) {
    console.warn(
      `${ALLOW_FILE}:${entry.line}: "${key}" no longer matches a stale mention; remove it`,
    );
  }
}
for (const problem of problems) console.error(problem);
if (missing.length > 0) {
  console.error(`check-docs: ${missing.length} path(s) named in the documentation do not exist:`);
  for (const line of missing) console.error(`  ${line}`);
}
const summary = `check-docs: ${checked} path mentions checked, ${allowedCount} historical ones allowed (${ALLOW_FILE})`;
if (missing.length > 0 || problems.length > 0) {
  console.error(summary);
  process.exit(1);
}
console.log(summary);
