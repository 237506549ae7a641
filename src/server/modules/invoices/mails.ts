import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import { formatDate } from '#shared/format';
import {
  brasiliaTime,
  button,
  code,
  composeMail,
  greeting,
  paragraph,
  type MailBlock,
  type MailContent,
} from '../../platform/mail/compose.ts';

/**
 * What an invoice e-mail tells of its boleto (issue 40): the linha digitável (formatted) once the
 * bank registered it, only that it is in registration before; null for no boleto to mention.
 */
export type MailBoleto = { situacao: 'registrado'; linhaDigitavel: string } | { situacao: 'em_registro' } | null;

/**
 * The mail's boleto from pg_boleto's situação and 47 digits (null for none): only a registered
 * one is payable, and one settled, written off or rejected is not mentioned.
 */
export function mailBoleto(situacao: string | null, digits: string | null): MailBoleto {
  if (situacao === 'registrado' && digits) return { situacao, linhaDigitavel: formatLinhaDigitavel(digits) };
  if (situacao === 'em_registro') return { situacao };
  return null;
}

/** The ways to pay an invoice e-mail gives: a sentence and, under it, a code to copy. */
function paymentBlocks(pay: { pixCopiaECola?: string | null; boleto?: MailBoleto | undefined }): MailBlock[] {
  const blocks: MailBlock[] = [];
  if (pay.pixCopiaECola) {
    blocks.push(
      paragraph('Para pagar por PIX, copie o código abaixo (PIX copia e cola) no aplicativo do seu banco:'),
      code(pay.pixCopiaECola),
    );
  }
  if (pay.boleto?.situacao === 'em_registro') {
    blocks.push(
      paragraph(
        'O boleto bancário desta fatura está em registro no banco; a linha digitável estará na lista de faturas assim que o banco confirmar o registro.',
      ),
    );
  } else if (pay.boleto?.situacao === 'registrado') {
    blocks.push(
      paragraph('Para pagar por boleto, use a linha digitável abaixo no aplicativo ou no internet banking do seu banco:'),
      code(pay.boleto.linhaDigitavel),
    );
  }
  return blocks;
}

/**
 * An e-mail about the client's invoices to one manager (this module's and billing's): a greeting,
 * one line, the ways to pay given (PIX, boleto), the list's link.
 */
export function invoiceNotice(
  values: { providerName: string; nome: string; invoicesUrl: string },
  subject: string,
  line: string,
  pay: { pixCopiaECola?: string | null; boleto?: MailBoleto | undefined } = {},
): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject,
    blocks: [
      greeting(values.nome),
      paragraph(line),
      ...paymentBlocks(pay),
      button('Ver faturas', values.invoicesUrl, null),
    ],
  });
}

/** An invoice was paid (issue 20): to each manager of the client, with the invoice list's link. */
export function paymentReceiptMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  pagoEm: Date;
  /** A bank's credit (a boleto's liquidação) has a day and no time: the receipt says the day. */
  dayOnly?: boolean;
  invoicesUrl: string;
}): MailContent {
  const when = values.dayOnly ? formatDate(values.pagoEm) : brasiliaTime(values.pagoEm);
  return invoiceNotice(
    values,
    `Pagamento recebido - ${values.providerName}`,
    `Recebemos o pagamento de ${values.valor} da fatura de ${values.razaoSocial} com vencimento em ${values.vencimento}, em ${when}. Obrigado!`,
  );
}

/**
 * A payment reminder (issue 20): to each manager of the client 3 days before the due date
 * ('vencimento') and the day after it ('atraso'), with the invoice list's link and the boleto's
 * linha digitável (issue 40).
 */
export function invoiceReminderMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  tipo: 'vencimento' | 'atraso';
  invoicesUrl: string;
  /** The invoice's boleto (mailBoleto), when its account issues them. */
  boleto?: MailBoleto;
}): MailContent {
  const subject =
    values.tipo === 'vencimento'
      ? `Fatura vence em ${values.vencimento} - ${values.providerName}`
      : `Fatura vencida em ${values.vencimento} - ${values.providerName}`;
  const line =
    values.tipo === 'vencimento'
      ? `A fatura de ${values.razaoSocial} no valor de ${values.valor} vence em ${values.vencimento}. Os detalhes e as formas de pagamento estão na lista de faturas.`
      : `A fatura de ${values.razaoSocial} no valor de ${values.valor} venceu em ${values.vencimento} e ainda não consta como paga. Se já a pagou, desconsidere este aviso.`;
  return invoiceNotice(values, subject, line, { boleto: values.boleto });
}
