import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginInfo } from '#shared/schemas/auth';
import { apiPost } from '#client/lib/api-client';
import { getPasskey } from '#client/lib/passkeys';

/**
 * A sign-in with a passkey (docs/decisions/072-passkeys.md): a challenge from the server, the
 * browser's ceremony (its dialog, or the e-mail field's autofill), then the answer, for the
 * login info of §3 like POST /api/acesso/login answers.
 */
export async function passkeyLogin(pid: number, autofill: boolean): Promise<LoginInfo> {
  const options = await apiPost<PublicKeyCredentialRequestOptionsJSON>('/api/acesso/chave_acesso/opcoes');
  const resposta = await getPasskey(options, autofill);
  return apiPost<LoginInfo>('/api/acesso/chave_acesso/login', { resposta, gl_produto_id: pid });
}
