import { describe, expect, it } from 'vitest';
import {
  buildChaveAcesso,
  chaveAcessoDv,
  consultaPublicaUrl,
  isValidChaveAcesso,
  safeHttpUrl,
} from './nfse-key.ts';

// cMun 3550308, Sefin Nacional (2), CNPJ (2) 11444777000161, note 123, 2026-03, code 456789.
const BASE = '3550308' + '2' + '2' + '11444777000161' + '0000000000123' + '2603' + '000456789';

describe('NFS-e access key (docs/decisions/012)', () => {
  it('computes the modulo-11 check digit with weights 2..9 from the right', () => {
    // Worked by hand: the weighted sum of BASE is 598; 598 mod 11 = 4; DV = 11 - 4 = 7.
    expect(BASE).toHaveLength(49);
    expect(chaveAcessoDv(BASE)).toBe(7);
    // Remainders 0 and 1 give 0: '0' sums to 0; '6' at weight 2 sums to 12, remainder 1.
    expect(chaveAcessoDv('0')).toBe(0);
    expect(chaveAcessoDv('6')).toBe(0);
    // The weights cycle after 9: eight 1s weigh 2..9 (44), the ninth weighs 2 again (46 → 2 → 9).
    expect(chaveAcessoDv('111111111')).toBe(9);
  });

  it('accepts 50 digits with the right check digit only', () => {
    expect(isValidChaveAcesso(`${BASE}7`)).toBe(true);
    for (const wrong of [`${BASE}8`, `${BASE}0`, BASE, `${BASE}77`, `${BASE.slice(1)}A7`, ` ${BASE}7`, '']) {
      expect(isValidChaveAcesso(wrong), wrong).toBe(false);
    }
    // Any single changed digit is caught.
    for (let index = 0; index < 49; index++) {
      const digit = Number(BASE[index]);
      const changed = `${BASE.slice(0, index)}${(digit + 1) % 10}${BASE.slice(index + 1)}7`;
      expect(isValidChaveAcesso(changed), `position ${index}`).toBe(false);
    }
  });

  it('builds keys from their fields', () => {
    const chave = buildChaveAcesso({
      codigoMunicipio: 3550308,
      ambienteGerador: 2,
      inscricaoFederal: '11444777000161',
      numero: 123,
      ano: 2026,
      mes: 3,
      codigoNumerico: 456789,
    });
    expect(chave).toBe(`${BASE}7`);
    const cpf = buildChaveAcesso({
      codigoMunicipio: 3106200,
      ambienteGerador: 1,
      inscricaoFederal: '52998224725',
      numero: 1,
      ano: 2025,
      mes: 12,
      codigoNumerico: 1,
    });
    expect(cpf.slice(0, 23)).toBe('3106200' + '1' + '1' + '00052998224725');
    expect(isValidChaveAcesso(cpf)).toBe(true);
    expect(() => buildChaveAcesso({ codigoMunicipio: 1, ambienteGerador: 2, inscricaoFederal: '12AB', numero: 1, ano: 2026, mes: 1, codigoNumerico: 1 })).toThrow();
  });

  it('links a valid key to the national public consultation', () => {
    expect(consultaPublicaUrl(`${BASE}7`)).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${BASE}7`);
    expect(consultaPublicaUrl(`${BASE}8`)).toBeNull();
    expect(consultaPublicaUrl(null)).toBeNull();
  });

  it('hands out only absolute http(s) links', () => {
    expect(safeHttpUrl('https://nfse.prefeitura.example/notas/1')).toBe('https://nfse.prefeitura.example/notas/1');
    expect(safeHttpUrl('http://x.example/a?b=1')).toBe('http://x.example/a?b=1');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relativo', '//x.example', 'ftp://x', '', null]) {
      expect(safeHttpUrl(bad), String(bad)).toBeNull();
    }
  });
});
