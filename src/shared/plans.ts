/**
 * The plan screens' and routes' constants and messages (§4, §5, §6, §9), apart from the schemas
 * that check them (schemas/plans.ts): the plans page a visitor opens needs these and not zod.
 */
import { CEP_INVALID_MESSAGE } from './messages.ts';

// §9 and §5 limits.
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** How many proof files one change may carry (ours; the spec gives the size, not the count). */
export const PROOF_MAX_FILES = 5;
export const PROOF_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';
/** The multipart field of the proof files. */
export const PROOF_FIELD = 'comprovantes';
/** §3/§9: the virtual payment account of free options. */
export const FREE_ACCOUNT_ID = -1;
/** §9 timing: 1 now, 2 at the close of the current plan. */
export const TIMING_NOW = 1;
export const TIMING_AT_CLOSE = 2;
/** §4: the banner flashes this long when a plan is chosen with a change pending. */
export const BANNER_FLASH_MS = 1500;

export const PLANO_MESSAGES = {
  // §5, to the letter:
  missingFields: 'Preencha os campos que estão faltando.',
  paymentRequired: 'Selecione uma forma de pagamento.',
  cepInvalid: CEP_INVALID_MESSAGE,
  // §6, to the letter:
  contactManager: 'Contate seu Gerente',
  notClient: 'Ainda não é Cliente?',
  // Ours, where the specification shows none:
  managerOnly: 'Somente o gerente da conta pode mudar o plano. Contate seu Gerente.',
  idempotencyKeyReused:
    'Este envio já foi usado para outra mudança de plano. Recarregue a página e tente novamente.',
  timingRequired: 'Escolha quando a mudança deve valer.',
  proofsRequired: 'Este plano exige o envio de comprovantes (PNG, JPG ou PDF, até 5 MB cada).',
  tooManyProofs: `Envie no máximo ${PROOF_MAX_FILES} arquivos.`,
  optionUnavailable: 'Este plano ou forma de pagamento não está disponível.',
  samePlan: 'Este já é o seu plano e forma de pagamento atuais.',
  alreadySigned: 'Esta conta já tem um plano neste produto. Recarregue a página.',
  pendingExists: 'Já existe uma mudança de plano pendente. Cancele-a para escolher outro plano.',
  contractNotFound: 'Contrato não encontrado.',
  changeNotFound: 'Mudança de plano não encontrada.',
  changeNotPending: 'Esta mudança de plano não está mais pendente.',
  changeCancelled: 'Mudança de plano cancelada.',
  cepNotFound: 'CEP não encontrado.',
  documentKindMismatch: 'O documento não corresponde ao tipo de pessoa escolhido.',
  documentTaken: 'Já existe outra conta com este CPF/CNPJ.',
  clientNotFound: 'Cliente não encontrado.',
  unknownCity: 'Selecione uma cidade da lista.',
} as const;

/**
 * Header of selecionarPlanoAssinar naming one submit (decision 020; the IETF httpapi
 * Idempotency-Key header): the same key from the same person is the same change, so a double
 * click or a retry after a lost answer gets the first answer again instead of a second change.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
