import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DropdownPage } from '#shared/schemas/dropdown';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (query: string) => {
  const response = await new ApiAgent(t.app).get<DropdownPage>(`/api/gl_cidade${query}`);
  expect(response.status).toBe(200);
  return response.body.data;
};

describe('GET /api/gl_cidade (§7 dropdown search)', () => {
  it('answers options as "Nome - UF" with the IBGE code as id, to visitors too', async () => {
    const page = await search('?q=campinas');
    expect(page.lista[0]).toEqual({ id: 3509502, text: 'Campinas - SP' });
    expect(page.lista.map((option) => option.text)).toContain('Campinas do Sul - RS');
  });

  it('ignores case and accents, and lists names that start with the text first', async () => {
    const page = await search('?q=SAO%20PAULO');
    expect(page.lista[0]?.text).toBe('São Paulo - SP');
    const contains = page.lista.map((option) => option.text);
    expect(contains).toContain('São Paulo do Potengi - RN');
    const accented = await search('?q=florian%C3%B3polis');
    expect(accented.lista[0]).toEqual({ id: 4205407, text: 'Florianópolis - SC' });
  });

  it('narrows to the state when the option text itself is typed', async () => {
    const page = await search(`?q=${encodeURIComponent('Bom Jesus - PI')}`);
    expect(page.lista).toEqual([{ id: 2201903, text: 'Bom Jesus - PI' }]);
  });

  it('pages through every municipality 20 at a time (p), with no minimum input (§9)', async () => {
    const first = await search('');
    const second = await search('?p=2');
    expect(first.lista).toHaveLength(20);
    expect(first.more).toBe(true);
    expect(second.lista).toHaveLength(20);
    expect(second.lista[0]?.text).not.toBe(first.lista[0]?.text);
    const ids = new Set([...first.lista, ...second.lista].map((option) => option.id));
    expect(ids.size).toBe(40);
    const last = await search('?q=campinas&p=2');
    expect(last.lista).toEqual([]);
    expect(last.more).toBe(false);
  });

  it('treats LIKE wildcards as text and refuses a bad page', async () => {
    expect((await search('?q=%25')).lista).toEqual([]);
    expect((await search('?q=_')).lista).toEqual([]);
    const bad = await new ApiAgent(t.app).get('/api/gl_cidade?p=0');
    expect(bad.status).toBe(422);
  });
});
