/**
 * Texts a person reads that more than one client module shows. Screen-specific texts stay in
 * their screen; the §8 catalogue lives in src/shared/messages.ts.
 */
export const CLIENT_TEXTS = {
  appName: 'Portal do Cliente',
  loading: 'Carregando...',
  close: 'Fechar',
  cancel: 'Cancelar',
  success: 'Sucesso',
} as const;
