import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInDemoUser, submitSignIn } from './support/sign-in.ts';

/**
 * The stylesheet purge (vite.config.ts, decision 085) keeps every Bootstrap class a screen uses
 * (issue 38): on the screens below, at a desktop's and a phone's width, every class of the page
 * that Bootstrap defines has a rule in the portal's stylesheets. A class react-bootstrap composes at
 * run time (`position-${...}`) escaped the purge once, and the notices lost their place.
 */
const BOOTSTRAP_CLASSES = new Set(
  (readFileSync('node_modules/bootstrap/dist/css/bootstrap.css', 'utf8').match(/\.-?[_a-zA-Z][\w-]*/g) ?? []).map((name) =>
    name.slice(1),
  ),
);

/**
 * Classes react-bootstrap sets for their state that Bootstrap styles only on other components:
 * the navbar's toggler says `collapsed`, which Bootstrap styles on accordion buttons alone.
 */
const STATE_ONLY = new Set(['collapsed']);

/** The page's Bootstrap classes that no rule of its stylesheets names. */
async function unstyledClasses(page: Page): Promise<string[]> {
  const { used, styled } = await page.evaluate(() => {
    const classes = new Set<string>();
    for (const element of document.querySelectorAll('[class]')) element.classList.forEach((name) => classes.add(name));
    const named = new Set<string>();
    const read = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) named.add(match[1]!);
        if ('cssRules' in rule) read((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) read(sheet.cssRules);
    return { used: [...classes], styled: [...named] };
  });
  const styledSet = new Set(styled);
  return used.filter((name) => BOOTSTRAP_CLASSES.has(name) && !STATE_ONLY.has(name) && !styledSet.has(name)).sort();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every Bootstrap class of the screens has its rules', async ({ page }) => {
      test.setTimeout(90_000);
      const unstyled = new Map<string, string[]>();
      const check = async (screen: string) => {
        const missing = await unstyledClasses(page);
        if (missing.length) unstyled.set(screen, missing);
      };
      // A refused sign-in: the login and its notice.
      await submitSignIn(page, 'gerente@exemplo.com.br', 'senha-errada');
      await expect(page.getByRole('alert').first()).toBeVisible();
      await check('/login/1 with a notice');
      await signInDemoUser(page, 'gerente@exemplo.com.br');
      for (const path of ['/painel', '/produto/1/planos', '/me/config', '/me/meusdados', '/me/seguranca', '/me/privacidade']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await check(path);
      }
      await signInDemoUser(page, 'admin@exemplo.com.br');
      for (const path of ['/admin/clientes', '/admin/faturas', '/admin/planos']) {
        await page.goto(path);
        await expect(page.locator('table').first()).toBeVisible();
        await check(path);
      }
      await page.locator('table.app-crud-table tbody tr').first().click();
      await expect(page.getByRole('button', { name: 'Salvar' })).toBeVisible();
      await check('a plan');
      expect(Object.fromEntries(unstyled)).toEqual({});
    });
  });
}
