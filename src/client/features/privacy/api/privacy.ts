import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_PATH } from '#shared/privacy';
import {
  type DeletionRequest,
  type DeletionRequestBody,
  type ExportRequest,
  type PrivacyOverview,
} from '#shared/schemas/privacy';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';

const IN_PROGRESS = new Set(['pendente', 'processando']);

/** GET /api/gl_usuario/me/privacidade: consents, versions in force, the export and the deletion. */
const privacyQuery = queryOptions({
  queryKey: ['privacidade'] as const,
  queryFn: ({ signal }) => apiGet<PrivacyOverview>(PRIVACY_PATH, { signal }),
});

export function usePrivacy() {
  return useQuery({
    ...privacyQuery,
    // While the export is being prepared the screen follows its progress.
    refetchInterval: (query) =>
      IN_PROGRESS.has(query.state.data?.exportacao?.situacao ?? '') ? 1000 : false,
  });
}

/** The file of a ready export (a plain link: the browser downloads it). */
export const exportFileUrl = (id: number) => `${PRIVACY_PATH}/exportacao/${id}/arquivo`;

function useRefreshing<T, V>(
  mutationFn: (input: V) => Promise<{ message?: string | null; data: T }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (response) => {
      if (response.message) notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: privacyQuery.queryKey });
    },
  });
}

export const useAcceptConsents = () =>
  useRefreshing<PrivacyOverview, void>(() =>
    apiRequest<PrivacyOverview>('POST', `${PRIVACY_PATH}/consentimento`, {}),
  );

export const useRequestExport = () =>
  useRefreshing<ExportRequest, void>(() =>
    apiRequest<ExportRequest>('POST', `${PRIVACY_PATH}/exportacao`, {}),
  );

export const useRequestDeletion = () =>
  useRefreshing<DeletionRequest, DeletionRequestBody>((body) =>
    apiRequest<DeletionRequest>('POST', `${PRIVACY_PATH}/exclusao`, body),
  );

export const useCancelDeletion = () =>
  useRefreshing<PrivacyOverview, void>(() =>
    apiRequest<PrivacyOverview>('DELETE', `${PRIVACY_PATH}/exclusao`),
  );
