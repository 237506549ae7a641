/**
 * The privacy self-service's constants and messages (issue 19), without zod: the sign-in's
 * download reads the path (lib/post-login), as src/shared/plans.ts does for the plans page.
 */
export const PRIVACY_PATH = '/api/gl_usuario/me/privacidade';

/** The grace period before a deletion runs (issue 19). */
export const DELETION_GRACE_DAYS = 7;
/** How long a ready export can be downloaded. */
export const EXPORT_DOWNLOAD_HOURS = 24;

export const PRIVACY_MESSAGES = {
  consentRecorded: 'Aceite registrado. Obrigado!',
  exportRequested: 'Estamos preparando o arquivo com os seus dados.',
  exportOpen: 'Já há um arquivo com os seus dados em preparo ou pronto para baixar.',
  exportUnavailable:
    'Este arquivo não está mais disponível: ele pode ser baixado uma vez, em até 24 horas. Peça um novo.',
  deletionScheduled: (quando: string) =>
    `Exclusão agendada para ${quando}. Até lá você pode cancelá-la entrando no portal.`,
  deletionOpen: 'A exclusão da sua conta já está agendada.',
  deletionCancelled: 'Exclusão cancelada. Sua conta continua ativa.',
  noDeletion: 'Não há exclusão agendada para cancelar.',
  passwordRequired: 'Informe sua senha para confirmar.',
} as const;
