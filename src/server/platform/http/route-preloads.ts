import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './escape-html.ts';

/**
 * The pages people most often open first, and the screen module each one loads (client
 * routes.tsx). Their code is named in the page itself, so the browser fetches it together with
 * the entry instead of after running it (decision 090).
 */
const FIRST_PAGES: { path: RegExp; module: string; data?: (urlPath: string) => string[] }[] = [
  { path: /^\/login\/[^/]+$/, module: 'features/auth/components/login-page.tsx' },
  {
    path: /^\/produto\/[^/]+\/planos$/,
    module: 'features/plans/components/plans-page.tsx',
    // What the table needs (client features/plans/api/get-plans.ts, lib/product.ts), asked for
    // by the page itself instead of by its code once that has run (decision 092). Written as the
    // client writes them (its parsePid), or the browser would fetch them twice.
    data: (urlPath) => {
      const pid = /^\/produto\/(\d{1,9})\/planos$/.exec(urlPath)?.[1];
      if (!pid || Number(pid) === 0) return [];
      return [
        `/api/gl_produto/${Number(pid)}/public_planos`,
        `/api/gl_produto/${Number(pid)}/edit`,
      ];
    },
  },
  {
    path: /^\/cliente\/[^/]+\/fatura$/,
    module: 'features/invoices/components/invoice-list-page.tsx',
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The `<link>` tags for a page's screen code, from Vite's build manifest: the screen's chunk and
 * the chunks it imports (not those the entry already brings), as modulepreload, and its
 * stylesheets as preload (not render-blocking); before them, the data the screen asks for first.
 * Empty for other pages or without a manifest.
 */
export function routePreloader(clientDir: string): (urlPath: string) => string {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entry = manifest['index.html'];
  const already = new Set(['index.html', ...(entry?.imports ?? [])]);

  const tagsFor = (module: string): string => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || already.has(key) || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(module);
    return [
      ...[...scripts].map(
        (href) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(href)}">`,
      ),
      // `crossorigin` as Vite's loader writes the stylesheet's link, or the preload is not used
      // and the stylesheet is fetched twice.
      ...[...styles].map(
        (href) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(href)}">`,
      ),
    ].join('');
  };
  const pages = FIRST_PAGES.map((page) => ({ ...page, tags: tagsFor(page.module) }));
  return (urlPath) => {
    const page = pages.find((candidate) => candidate.path.test(urlPath));
    if (!page) return '';
    // `crossorigin` (credentials same-origin, cors) is how the client's fetch asks: the browser
    // hands the preloaded answer to it only when the two match.
    const data = (page.data?.(urlPath) ?? []).map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
    );
    return data.join('') + page.tags;
  };
}
