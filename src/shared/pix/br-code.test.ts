import { describe, expect, it } from 'vitest';
import { crc16, encodeEmv, parseEmv, pixPayload, withCrc } from './br-code';

/** The Pix manual's static example (Manual de Padrões para Iniciação do Pix, BR Code section). */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** The BR Code manual's example: two merchant accounts, an amount, a postal code, field 80. */
const MANUAL_BR_CODE =
  '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38';

describe('BR Code (issue 20)', () => {
  it("gives the Pix manual's static example byte for byte, CRC included", () => {
    expect(
      pixPayload({
        chave: '123e4567-e12b-12d1-a456-426655440000',
        nome: 'Fulano de Tal',
        cidade: 'BRASILIA',
        txid: '***',
      }),
    ).toBe(MANUAL_STATIC);
  });

  it("encodes the BR Code manual's example from its fields, CRC included", () => {
    const body = encodeEmv([
      { id: '00', value: '01' },
      { id: '04', value: '12345678901234' },
      {
        id: '26',
        value: [
          { id: '00', value: 'BR.GOV.BCB.PIX' },
          { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
        ],
      },
      {
        id: '27',
        value: [
          { id: '00', value: 'BR.COM.OUTRO' },
          { id: '01', value: '0123456789' },
        ],
      },
      { id: '52', value: '0000' },
      { id: '53', value: '986' },
      { id: '54', value: '123.45' },
      { id: '58', value: 'BR' },
      { id: '59', value: 'NOME DO RECEBEDOR' },
      { id: '60', value: 'BRASILIA' },
      { id: '61', value: '70074900' },
      { id: '62', value: [{ id: '05', value: 'RP12345678-2019' }] },
      {
        id: '80',
        value: [
          { id: '00', value: 'BR.COM.OUTRO' },
          { id: '01', value: '0123.ABCD.3456.WXYZ' },
        ],
      },
    ]);
    expect(withCrc(body)).toBe(MANUAL_BR_CODE);
    expect(crc16(MANUAL_BR_CODE.slice(0, -4))).toBe('AD38');
  });

  it('round-trips an invoice payment through the parser: amount, key, reference, accents removed', () => {
    const payload = pixPayload({
      chave: 'financeiro@exemplo.com.br',
      nome: 'Provedora Demo de Software Ltda',
      cidade: 'São Paulo',
      valor: '149.90',
      txid: 'FATURA000123',
    });
    const fields = parseEmv(payload);
    expect(fields?.get('54')).toBe('149.90');
    expect(fields?.get('59')).toBe('Provedora Demo de Softwar');
    expect(fields?.get('60')).toBe('Sao Paulo');
    expect(fields?.get('26')).toBe('0014br.gov.bcb.pix0125financeiro@exemplo.com.br');
    expect(fields?.get('62')).toBe('0512FATURA000123');
  });

  it('refuses a payload whose CRC or lengths do not match', () => {
    expect(parseEmv(MANUAL_STATIC)).not.toBeNull();
    expect(parseEmv(MANUAL_STATIC.replace('Fulano', 'Beltra'))).toBeNull();
    expect(parseEmv(`${MANUAL_STATIC.slice(0, -4)}0000`)).toBeNull();
    expect(parseEmv(MANUAL_STATIC.slice(0, 30))).toBeNull();
  });
});
