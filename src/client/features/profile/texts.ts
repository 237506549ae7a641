import { PROFILE_PASSWORD_MESSAGES, USUARIO_MESSAGES } from '#shared/messages';

/** Texts of the me.meusdados screen; §5 and §8 wordings come from src/shared, to the letter. */
export const PROFILE_TEXTS = {
  title: 'Meus dados',
  // §8
  passwordChanged: USUARIO_MESSAGES.passwordChanged,
  // §5
  password: PROFILE_PASSWORD_MESSAGES,
  // ours
  saved: USUARIO_MESSAGES.profileUpdated,
  sharedAccount:
    'Atenção: esta conta é compartilhada por todos os aplicativos integrados do provedor. Alterar seus dados ou sua senha aqui altera-os em todos eles.',
  loadFailed: 'Não foi possível carregar seus dados.',
  nome: 'Nome',
  id: 'ID',
  apelido: 'Apelido',
  telefone: 'Telefone celular',
  email: 'E-mail',
  save: 'Salvar',
  saving: 'Salvando...',
  passwordSection: 'Alterar senha',
  senhaAtual: 'Senha atual',
  senhaNova: 'Nova senha',
  senhaConf: 'Confirme a nova senha',
  changePassword: 'Alterar senha',
  changingPassword: 'Alterando...',
  back: 'Voltar',
} as const;

export const SETTINGS_TEXTS = {
  title: 'Configurações',
  profile: 'Meus dados',
  twofa: 'Gerenciar 2FA',
  security: 'Segurança',
  privacy: 'Privacidade',
  resume: 'Prosseguir com o Login',
  logout: 'Logout',
} as const;
