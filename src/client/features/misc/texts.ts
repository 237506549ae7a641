/** Texts of the landing and redirect pages: one catalogue per feature (docs/architecture.md, Texts). */
export const REDIRECT_TEXTS = {
  defaultTitle: 'Redirecionamento',
  defaultButtonLabel: 'Continuar',
  // §2, to the letter:
  noUrl: 'URL não informada.',
  // Ours (decision 041):
  foreignTitle: 'Atenção: você está saindo do portal',
  foreignIntro:
    'O link que você seguiu leva para um endereço que não pertence a este portal nem aos nossos sistemas:',
  foreignAdvice:
    'Só continue se você reconhece este endereço e confia nele. Nunca informe sua senha ou códigos de verificação em um site que você não conhece.',
  foreignContinue: (host: string) => `Continuar para ${host}`,
  back: 'Voltar',
} as const;

/** §2 placeholder landing page. */
export const LANDING_TEXTS = {
  title: 'Em breve',
  heading: 'Em breve, novidades.',
  toPanel: 'Acessar o painel',
} as const;
