import { z } from 'zod';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../cpf-cnpj.ts';

/**
 * A receiver's PIX key by its type (Banco Central's DICT rules; issue 20): CPF and CNPJ as their
 * digits, an e-mail in lower case, a phone as +55 with its area code (E.164), a random key as the
 * UUID the bank issued. Answers the key as the BR Code carries it, or null when it is not one.
 */
export const PIX_KEY_TYPES = [
  { id: 'cpf', text: 'CPF' },
  { id: 'cnpj', text: 'CNPJ' },
  { id: 'email', text: 'E-mail' },
  { id: 'telefone', text: 'Celular' },
  { id: 'aleatoria', text: 'Chave aleatória' },
] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]['id'];

export const PIX_KEY_MESSAGES: Record<PixKeyType, string> = {
  cpf: 'Informe um CPF válido como chave PIX.',
  cnpj: 'Informe um CNPJ válido como chave PIX.',
  email: 'Informe um e-mail válido como chave PIX.',
  telefone: 'Informe o celular com DDD, por exemplo (11) 98765-4321.',
  aleatoria: 'Informe a chave aleatória como o banco a mostra (32 letras e números com hífens).',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function normalizePixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case 'cpf': {
      const digits = normalizeDocument(value);
      return /^\d{11}$/.test(digits) && isValidCpf(digits) ? digits : null;
    }
    case 'cnpj': {
      const digits = normalizeDocument(value);
      return /^[0-9A-Z]{12}\d{2}$/.test(digits) && isValidCnpj(digits) ? digits : null;
    }
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 77 && z.email().safeParse(email).success ? email : null;
    }
    case 'telefone': {
      const digits = value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
      return /^[1-9]{2}9?\d{8}$/.test(digits) ? `+55${digits}` : null;
    }
    case 'aleatoria': {
      const key = value.toLowerCase();
      return UUID.test(key) ? key : null;
    }
  }
}
