import '#shared/zod-locale';
import { z } from 'zod';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatDate } from '#shared/format';
import {
  CUSTOMER_FIELDS,
  documentMatchesKind,
  type Customer,
  type PaymentAccount,
  type PublicPlanPayment,
} from '#shared/schemas/plans';
import { FREE_ACCOUNT_ID, PLANO_MESSAGES, TIMING_AT_CLOSE, TIMING_NOW } from '#shared/plans';
import type { SessionContract } from '#client/lib/session';
import type { PlanChangePreviewInput } from '../api/plan-change-preview';
import type { Selection } from '../selection';
import { PLANS_TEXTS } from '../texts';
import { contactAddressDefaults } from './contact-address-fields';

/** The §5 plan signup: the customer fields of the shared schema, the payment method and the timing. */
export const SignupFormSchema = z
  .object({
    ...CUSTOMER_FIELDS,
    pg_conta_id: z.coerce
      .number({ error: PLANO_MESSAGES.paymentRequired })
      .int({ error: PLANO_MESSAGES.paymentRequired })
      .refine((value) => value === FREE_ACCOUNT_ID || value > 0, {
        error: PLANO_MESSAGES.paymentRequired,
      }),
    imediato: z.coerce
      .number({ error: PLANO_MESSAGES.timingRequired })
      .refine((value) => value === TIMING_NOW || value === TIMING_AT_CLOSE, {
        error: PLANO_MESSAGES.timingRequired,
      }),
  })
  .superRefine(documentMatchesKind);

export type SignupFormInput = z.input<typeof SignupFormSchema>;
export type SignupFormOutput = z.output<typeof SignupFormSchema>;

/** The form's starting values: the stored customer, and the account and timing preselected. */
export function signupDefaults(
  customer: Customer,
  selection: Selection,
  accounts: PaymentAccount[],
  hasContract: boolean,
): SignupFormInput {
  let account = '';
  // §4: a free plan preselects the virtual account -1; a single account is preselected.
  if (selection.option.flag_gratuito) account = String(FREE_ACCOUNT_ID);
  else if (accounts.length === 1 && accounts[0]) account = String(accounts[0].id);
  return {
    tipo_pessoa: String(customer.tipo_pessoa),
    cpfcnpj: formatCpfCnpj(customer.cpfcnpj),
    razao_social: customer.razao_social,
    email: customer.email ?? '',
    ...contactAddressDefaults(customer),
    data_nascimento: customer.data_nascimento ? formatDate(customer.data_nascimento) : '',
    pg_conta_id: account,
    // Without a current plan there is no close to wait for (decision 020).
    imediato: hasContract ? '' : String(TIMING_NOW),
  };
}

/** The payment methods offered: a free option's virtual account only, else the accounts (§4). */
export function paymentOptionsFor(option: PublicPlanPayment, accounts: PaymentAccount[]): PaymentAccount[] {
  return option.flag_gratuito
    ? [
        {
          id: FREE_ACCOUNT_ID,
          nome_exibicao: PLANS_TEXTS.freeAccount,
          descricao_exibicao: PLANS_TEXTS.freeAccountText,
        },
      ]
    : accounts;
}

/** §9 timing: 1 now; 2 at the close, only when there is a current plan to close. */
export function timingsFor(contrato: SessionContract | null): [number, string][] {
  const timings: [number, string][] = [[TIMING_NOW, PLANS_TEXTS.now]];
  if (contrato)
    timings.push([TIMING_AT_CLOSE, PLANS_TEXTS.atClose(formatDate(contrato.periodo_fim))]);
  return timings;
}

/**
 * The preview's question once the choice is complete (decision 102): the contract, the option,
 * a payment account and the §4 timing. Null until then, or without a contract (a first signup,
 * §5, has no current plan to compare with).
 */
export function previewInput(
  contrato: SessionContract | null,
  optionId: number,
  account: unknown,
  timing: unknown,
): PlanChangePreviewInput | null {
  if (!contrato) return null;
  const contaId = Number(account);
  const imediato = Number(timing);
  if (!Number.isInteger(contaId) || (contaId !== FREE_ACCOUNT_ID && contaId <= 0)) return null;
  if (imediato !== TIMING_NOW && imediato !== TIMING_AT_CLOSE) return null;
  return { contratoId: contrato.id, optionId, contaId, imediato };
}
