import { describe, expect, it } from 'vitest';
import { normalizePixKey } from './pix-key';

describe('PIX keys by type (issue 20)', () => {
  it('keeps each type in the form the BR Code carries', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('email', ' Financeiro@Exemplo.com.br ')).toBe(
      'financeiro@exemplo.com.br',
    );
    expect(normalizePixKey('telefone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('telefone', '+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('aleatoria', '123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
  });

  it('refuses what is not a key of the type', () => {
    expect(normalizePixKey('cpf', '529.982.247-26')).toBeNull();
    expect(normalizePixKey('cpf', '11222333000181')).toBeNull();
    expect(normalizePixKey('cnpj', '11.222.333/0001-80')).toBeNull();
    expect(normalizePixKey('email', 'sem-arroba')).toBeNull();
    expect(normalizePixKey('telefone', '1234')).toBeNull();
    expect(normalizePixKey('telefone', '(01) 98765-4321')).toBeNull();
    expect(normalizePixKey('aleatoria', 'não-é-uuid')).toBeNull();
  });
});
