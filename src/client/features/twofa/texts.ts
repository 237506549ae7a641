import { TWOFA_MESSAGES } from '#shared/schemas/twofa';

/** Texts of the 2FA screen; §8 and §5 wordings come from src/shared, to the letter. */
export const TWOFA_TEXTS = {
  statusHeading: 'Verificação em duas etapas',
  on: 'Ativada',
  off: 'Desativada',
  title: 'Gerenciar 2FA',
  statusLoadFailed: 'Não foi possível carregar a situação do 2FA.',
  qrFailed: 'Não foi possível gerar o QR Code.',
  // §8
  activated: TWOFA_MESSAGES.activated,
  disabled: TWOFA_MESSAGES.disabled,
  invalidCode: TWOFA_MESSAGES.invalidCode,
  // ours
  statusOn: 'A verificação em duas etapas está ativada.',
  statusOff: 'A verificação em duas etapas está desativada.',
  explain:
    'Com a verificação em duas etapas (2FA), além da senha, o login pede um código de 6 dígitos gerado por um aplicativo autenticador no seu celular (Google Authenticator, Microsoft Authenticator, Authy e outros).',
  keysLeft: (count: number) =>
    count === 1
      ? 'Resta 1 chave de recuperação não usada.'
      : `Restam ${count} chaves de recuperação não usadas.`,
  activate: 'Ativar 2FA',
  activateTitle: 'Ativar a verificação em duas etapas',
  scan: 'Escaneie o QR Code com o aplicativo autenticador do seu celular.',
  manual: 'Se não puder escanear, digite esta chave no aplicativo:',
  qrAlt: 'QR Code para configurar o aplicativo autenticador',
  qrLoading: 'Gerando o QR Code...',
  code: 'Código de verificação',
  codeHint: '6 dígitos',
  confirmActivate: 'Validar e ativar',
  cancel: 'Cancelar',
  disable: 'Desativar 2FA',
  disableTitle: 'Desativar a verificação em duas etapas',
  disableCode: 'Código do aplicativo ou chave de recuperação',
  disableHint: 'O código de 6 dígitos do aplicativo, ou uma das suas chaves de recuperação.',
  confirmDisable: 'Confirmar desativação',
  regenerate: 'Gerar chaves de recuperação',
  regenerateTitle: 'Gerar novas chaves de recuperação?',
  regenerateWarning:
    'As chaves de recuperação atuais deixarão de funcionar. Somente as novas poderão ser usadas.',
  confirmRegenerate: 'Gerar novas chaves',
  keysTitle: 'Suas chaves de recuperação',
  keysWarning:
    'Guarde estas chaves em um local seguro. Elas não serão mostradas novamente. Cada chave pode ser usada uma única vez para entrar ou desativar o 2FA quando você não tiver o aplicativo.',
  copy: 'Copiar',
  copied: 'Chaves copiadas.',
  copyFailed: 'Não foi possível copiar. Selecione as chaves e copie-as manualmente.',
  download: 'Baixar',
  keysDone: 'Já guardei minhas chaves',
  keysFileName: 'chaves-de-recuperacao-2fa.txt',
  devicesTitle: 'Dispositivos confiáveis',
  devicesNone: 'Nenhum dispositivo confiável.',
  deviceName: 'Nome',
  deviceSince: 'Confiado em',
  deviceIp: 'IP',
  deviceUntil: 'Válido até',
  deviceActions: 'Ações',
  remove: 'Remover',
  removed: 'Dispositivo removido.',
  // 'Chaves de acesso' (passkeys, decisions 070-072)
  passkeysTitle: 'Chaves de acesso',
  passkeysExplain:
    'Uma chave de acesso (passkey) permite entrar sem senha e sem código, com a digital, o rosto ou o PIN do seu aparelho. Ela vale como verificação em duas etapas e não pode ser roubada por sites falsos.',
  passkeysUnsupported: 'Este navegador não permite usar chaves de acesso.',
  passkeysNone: 'Nenhuma chave de acesso registrada.',
  passkeyName: 'Nome da chave',
  passkeyNamePlaceholder: 'Ex.: Celular, Notebook do trabalho',
  passkeyAdd: 'Adicionar chave de acesso',
  passkeyCreated: 'Criada em',
  passkeyLastUsed: 'Último uso',
  passkeyNeverUsed: 'Nunca usada',
  passkeySynced: 'Sincronizada',
  passkeyRename: 'Renomear',
  passkeySaveName: 'Salvar nome',
  passkeyRemove: 'Remover',
  passkeyBrowserFailed:
    'O navegador não conseguiu criar a chave de acesso. Ela pode já estar registrada neste aparelho.',
} as const;
