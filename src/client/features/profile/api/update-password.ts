import { useMutation } from '@tanstack/react-query';
import type { PasswordUpdateRequest } from '#shared/schemas/profile';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/me/senha_update: {senha_atual, senha_nova}; response not read. */
async function updatePassword(payload: PasswordUpdateRequest): Promise<void> {
  const { senha_atual, senha_nova } = payload;
  await apiPost<unknown>('/api/gl_usuario/me/senha_update', { senha_atual, senha_nova });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { fieldErrors: 'form' } });
}
