import { randomBytes } from 'node:crypto';

/** A CPF with valid check digits (§5), unique enough for a test database. */
export function randomCpf(): string {
  const base = Array.from(randomBytes(9), (byte) => byte % 10);
  if (base.every((digit) => digit === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join('');
}

/** A numeric CNPJ with valid check digits (§5), unique enough for a test database. */
export function randomCnpj(): string {
  const base = Array.from(randomBytes(12), (byte) => byte % 10);
  if (base.every((digit) => digit === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = digits.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join('');
}
