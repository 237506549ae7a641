import { button, composeMail, details, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';

/** A person registered by the provider: the temporary password and where to sign in with it. */
export function temporaryPasswordMail(values: {
  providerName: string;
  nome: string;
  email: string;
  senhaTemporaria: string;
  loginUrl: string;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Sua senha temporária de acesso - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`Seu cadastro em ${values.providerName} foi criado. Use os dados abaixo para entrar:`),
      details([
        { label: 'E-mail', value: values.email },
        { label: 'Senha temporária', value: values.senhaTemporaria, monospace: true },
      ]),
      paragraph('Por segurança, você deverá trocar essa senha no primeiro acesso.'),
      button('Entrar', values.loginUrl),
    ],
  });
}
