import { describe, expect, it } from 'vitest';
import { parseOptionsPage, toSelectOption } from './dropdown';

describe('§7 dropdown response shapes', () => {
  const cities = [
    { id: 3509502, text: 'Campinas - SP' },
    { id: 3550308, text: 'São Paulo - SP' },
  ];

  it('reads an array, {lista}, {s2}, {data: [...]} and {page: {data: [...]}}', () => {
    for (const data of [
      cities,
      { lista: cities },
      { s2: cities },
      { s2: { results: cities } },
      { data: cities },
      { page: { data: cities } },
    ]) {
      expect(parseOptionsPage(data).options).toEqual(cities);
    }
  });

  it('knows whether there is more from more, select2 pagination or a §3 pagination', () => {
    expect(parseOptionsPage({ lista: cities, more: false }).more).toBe(false);
    expect(parseOptionsPage({ s2: { results: cities, pagination: { more: true } } }).more).toBe(true);
    expect(parseOptionsPage({ data: cities, current_page: 2, last_page: 2 }).more).toBe(false);
    expect(parseOptionsPage({ page: { data: cities, current_page: 1, last_page: 3 } }).more).toBe(true);
    expect(parseOptionsPage({ data: cities, meta: { current_page: 3, last_page: 3 } }).more).toBe(false);
    // Without a flag: a non-empty page may have a next one, an empty one ends the list.
    expect(parseOptionsPage(cities).more).toBe(true);
    expect(parseOptionsPage([]).more).toBe(false);
  });

  it('makes §3 options: id or _id; text, else nome or nome_exibicao, plus the state of a city', () => {
    expect(toSelectOption({ _id: '7', nome_exibicao: 'Boleto' })).toEqual({ id: 7, text: 'Boleto' });
    expect(toSelectOption({ id: 2, nome: 'Pix' })).toEqual({ id: 2, text: 'Pix' });
    expect(toSelectOption({ id: 4205407, nome: 'Florianópolis', estado: { sigla: 'SC' } })).toEqual({
      id: 4205407,
      text: 'Florianópolis - SC',
    });
    expect(toSelectOption({ id: 1, nome: 'Sem estado', estado: null })).toEqual({ id: 1, text: 'Sem estado' });
    expect(toSelectOption({ nome: 'sem id' })).toBeNull();
    expect(parseOptionsPage([{ nome: 'sem id' }, { id: 1, text: 'ok' }, 'x']).options).toEqual([{ id: 1, text: 'ok' }]);
  });
});
