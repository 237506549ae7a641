import { COMMON_PASSWORD_MESSAGE } from '#shared/fields';
import { fieldError } from '../errors.ts';

/**
 * Passwords everyone tries first (decision 042): the ~49 000 of zxcvbn-ts's common list
 * (leaked-password frequency lists, maintained on npm as @zxcvbn-ts/language-common), plus a few
 * Brazilian favourites that list lacks. Checked on the server only: the list is far too big for
 * the login route's bundle budget (180 KB gzipped), so the forms learn of it through the field
 * error of the call. The comparison ignores case ('Senha123' is 'senha123'). The list is loaded by
 * the first password that needs checking, not at every start (docs/decisions/093-start-time.md).
 */
const BRAZILIAN = [
  'mudar123', 'mudar@123', 'senha@123', 'senha1234', 'senha12345', 'senha123456', 'minhasenha',
  'trocar123', 'brasil123', 'brasil2014', 'corinthians', 'palmeiras', 'saopaulo', 'flamengo123',
  'vasco123', 'gremio', 'cruzeiro', 'botafogo', 'fluminense', 'santos123', 'deusefiel', 'jesus123',
  'amor123', 'meuamor', 'teamo123', 'abc@123', 'admin123', 'qwe123', 'asd123', 'mudar',
];

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...BRAZILIAN].map((entry) => entry.toLowerCase())),
    (error: unknown) => {
      common = undefined; // the next password tries again
      throw error;
    },
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** 422 on the form's field (conta_criar_senha, recuperar_token, senha_update) for a common password. */
export async function refuseCommonPassword(field: string, password: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE, 'common_password');
}
