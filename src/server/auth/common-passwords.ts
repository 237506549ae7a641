import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE } from '#shared/fields';
import { fieldError } from '../errors.ts';

/**
 * Passwords everyone tries first (decision 042): the ~49 000 of zxcvbn-ts's common list
 * (leaked-password frequency lists, maintained on npm as @zxcvbn-ts/language-common), plus a few
 * Brazilian favourites that list lacks. Checked on the server only: the list is far too big for
 * the login route's bundle budget (180 KB gzipped), so the forms learn of it through the field
 * error of the call. The comparison ignores case ('Senha123' is 'senha123').
 */
const BRAZILIAN = [
  'mudar123', 'mudar@123', 'senha@123', 'senha1234', 'senha12345', 'senha123456', 'minhasenha',
  'trocar123', 'brasil123', 'brasil2014', 'corinthians', 'palmeiras', 'saopaulo', 'flamengo123',
  'vasco123', 'gremio', 'cruzeiro', 'botafogo', 'fluminense', 'santos123', 'deusefiel', 'jesus123',
  'amor123', 'meuamor', 'teamo123', 'abc@123', 'admin123', 'qwe123', 'asd123', 'mudar',
];

const COMMON = new Set([...dictionary['passwords-common'], ...BRAZILIAN].map((entry) => entry.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** 422 on the form's field (conta_criar_senha, recuperar_token, senha_update) for a common password. */
export function refuseCommonPassword(field: string, password: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE, 'common_password');
}
