import type { LegalDocument } from '#shared/legal';

/** Texts of the 'Privacidade' screen (issue 19); the calls' own messages come from src/shared. */
export const PRIVACY_TEXTS = {
  title: 'Privacidade',
  intro:
    'Aqui você exerce os seus direitos da Lei Geral de Proteção de Dados (Lei 13.709/2018, art. 18): ver o que aceitou, receber uma cópia dos seus dados e pedir a exclusão da sua conta.',
  loadFailed: 'Não foi possível carregar os seus dados de privacidade.',
  consentsTitle: 'Consentimentos',
  consentsNone: 'Nenhum aceite registrado.',
  document: 'Documento',
  version: 'Versão',
  acceptedAt: 'Aceito em',
  ip: 'IP',
  currentVersions: 'Versões em vigor',
  publishedAt: (when: string) => `publicada em ${when}`,
  pendingTitle: 'Há novas versões para você aceitar',
  pendingIntro:
    'Publicamos novas versões dos documentos abaixo. Leia e aceite para continuar usando o portal.',
  accept: 'Li e aceito as novas versões',
  exportTitle: 'Baixar meus dados',
  exportIntro:
    'Um arquivo ZIP com tudo o que o portal guarda sobre você (cadastro, contas de cliente, consentimentos, sessões, dispositivos, chaves de acesso, histórico de acessos e e-mails enviados), em JSON e num resumo para leitura. Por segurança pedimos que você confirme sua identidade; o arquivo pode ser baixado uma vez, em até 24 horas.',
  exportRequest: 'Baixar meus dados',
  exportPreparing: 'Preparando o arquivo…',
  exportProgress: 'Progresso da preparação',
  exportReady: (until: string) => `Arquivo pronto. Disponível para baixar uma vez, até ${until}.`,
  exportDownload: 'Baixar arquivo (ZIP)',
  exportDone: 'Arquivo baixado. Peça um novo quando quiser.',
  exportExpired: 'O último arquivo expirou sem ser baixado. Peça um novo quando quiser.',
  deletionTitle: 'Excluir minha conta',
  deletionWhat:
    'Ao excluir a sua conta apagamos ou anonimizamos os seus dados pessoais: nome, apelido, e-mail, celular, senha, 2FA, sessões, dispositivos confiáveis, chaves de acesso e histórico de acessos. Você deixa de ter acesso às contas de cliente a que pertence.',
  deletionKept:
    'As faturas e notas fiscais (NFS-e) das contas de cliente são guardadas pelo prazo que a lei fiscal exige (5 anos) e continuam com o cliente, sem ligação com você. O registro dos seus aceites é guardado, sem o IP, como prova da base legal.',
  deletionGrace:
    'A exclusão acontece 7 dias depois do pedido. Até lá você pode cancelá-la: basta entrar no portal. Enviaremos um e-mail no pedido e outro quando ela for concluída.',
  deletionConfirm: 'Entendo que, depois de 7 dias, a exclusão não pode ser desfeita.',
  deletionConfirmRequired: 'Confirme que entendeu para continuar.',
  password: 'Senha',
  code: 'Código de verificação (2FA)',
  codeHint: 'O código do seu aplicativo autenticador, ou uma chave de recuperação.',
  deletionSubmit: 'Excluir minha conta',
  deletionScheduled: (when: string) => `A exclusão da sua conta está agendada para ${when}.`,
  deletionCancel: 'Cancelar exclusão',
  resume: 'Prosseguir com o Login',
} as const;

export const DOCUMENT_TEXTS: Record<LegalDocument, string> = {
  termos_uso: 'Termos de Uso',
  politica_privacidade: 'Política de Privacidade',
};
