import { button, composeMail, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';
import { invoiceNotice, type MailBoleto } from '../invoices/index.ts';

/**
 * An invoice issued (issue 35, decision 102): to each manager of the client, with the amount, the
 * due date, the invoice list's link and, when the account takes PIX, the copia-e-cola; when it
 * issues boletos, the linha digitável or that the boleto is in registration (issue 40).
 */
export function invoiceIssuedMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  invoicesUrl: string;
  pixCopiaECola: string | null;
  /** The invoice's boleto (mailBoleto), when its account issues them. */
  boleto?: MailBoleto;
}): MailContent {
  return invoiceNotice(
    values,
    `Nova fatura de ${values.valor}, vencimento em ${values.vencimento} - ${values.providerName}`,
    `A fatura de ${values.razaoSocial} no valor de ${values.valor}, com vencimento em ${values.vencimento}, foi emitida. Os itens, a nota fiscal e as formas de pagamento estão na lista de faturas.`,
    { pixCopiaECola: values.pixCopiaECola, boleto: values.boleto },
  );
}

/**
 * An invoice held for approval (decision 102): to each manager, with the single-use link whose
 * opening approves it (§2 fatura.emitidaAviso, 'Fatura autorizada!').
 */
export function invoiceApprovalMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  approvalUrl: string;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Fatura aguardando sua aprovação - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        `A fatura de ${values.razaoSocial} no valor de ${values.valor}, com vencimento em ${values.vencimento}, aguarda a sua aprovação. Ao aprová-la, ela será emitida e enviada em alguns minutos.`,
      ),
      // The text has always said 'Aprovar:', the button 'Aprovar fatura'.
      button('Aprovar fatura', values.approvalUrl, 'Aprovar'),
    ],
  });
}
