import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateRequest } from '#shared/schemas/profile';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/me/update: {nome, apelido, telefone_celular}; response not read. */
async function updateMe(payload: ProfileUpdateRequest): Promise<void> {
  const { nome, apelido, telefone_celular } = payload;
  await apiPost<unknown>('/api/gl_usuario/me/update', { nome, apelido, telefone_celular });
}

export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, meta: { fieldErrors: 'form' } });
}
