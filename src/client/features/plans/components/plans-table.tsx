import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { formatMoney } from '#shared/format';
import type { PublicPlan, PublicPlanPayment } from '#shared/schemas/plans';
import { Hint } from '#client/components/hint';
import { ScrollRegion } from '#client/components/scroll-region';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';
import { PLANS_TEXTS } from '../texts';
import { markdownToHtml } from '#client/lib/markdown';

/** §2 and §9: 'R$' with decimal comma; the promotional price beside the normal one; free options. */
export function OptionPrice({ option }: { option: PublicPlanPayment }) {
  if (option.flag_gratuito) return <strong>{PLANS_TEXTS.free}</strong>;
  if (option.flag_promocao && option.valor_promocional !== null) {
    return (
      <>
        <del className="text-body-secondary me-1">{formatMoney(option.valor)}</del>
        <strong>{formatMoney(option.valor_promocional)}</strong>
      </>
    );
  }
  return <strong>{formatMoney(option.valor)}</strong>;
}

/**
 * The product's plans (§2 Plans page). Details are markdown rendered by micromark
 * (lib/markdown.ts), which never injects HTML: raw HTML in the text is shown as text.
 */
export function PlansTable({
  plans,
  currentPlanId,
  currentOptionId = null,
  waitingOptionId,
  blocked = null,
  onChoose,
}: {
  plans: PublicPlan[];
  currentPlanId: number | null;
  /** The payment option the contract is billed by: it cannot be chosen again (issue 38). */
  currentOptionId?: number | null;
  /** The option chosen before the session was known: its button spins until it is. */
  waitingOptionId: number | null;
  /**
   * Why this person cannot choose (§6 'Contate seu Gerente'): the buttons stay in the table,
   * disabled with the reason in a tooltip and read from the notice above the table.
   */
  blocked?: { reason: string; describedBy: string } | null;
  onChoose: (plan: PublicPlan, option: PublicPlanPayment) => void;
}) {
  return (
    <ScrollRegion label={PLANS_TEXTS.title} className="mb-4">
      <table className={`table align-middle ${STACKED_TABLE_CLASS}`}>
        <thead>
          <tr>
            <th scope="col">{PLANS_TEXTS.plan}</th>
            <th scope="col">{PLANS_TEXTS.users}</th>
            <th scope="col">{PLANS_TEXTS.devices}</th>
            <th scope="col">{PLANS_TEXTS.payment}</th>
            <th scope="col">{PLANS_TEXTS.details}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id} data-plano={plan.id}>
              <th scope="row" className="app-plan-name">
                {plan.nome_exibicao}
                {plan.id === currentPlanId && (
                  <Badge bg="success" className="ms-2">
                    {PLANS_TEXTS.current}
                  </Badge>
                )}
              </th>
              <td {...cellLabel(PLANS_TEXTS.users)}>
                {plan.usuario_ilimitado ? PLANS_TEXTS.unlimited : (plan.usuario_qtde ?? '-')}
              </td>
              <td {...cellLabel(PLANS_TEXTS.devices)}>{plan.dispositivo_qtde ?? '-'}</td>
              <td {...cellLabel(PLANS_TEXTS.payment)}>
                <ul className="list-unstyled mb-0">
                  {plan.planos_pagamento_ativo.map((option) => (
                    <li key={option.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                      <span>
                        {option.cobranca_tipo_desc}: <OptionPrice option={option} />
                      </span>
                      {option.id === currentOptionId ? (
                        <Button
                          size="sm"
                          variant="outline-success"
                          disabled
                          aria-label={PLANS_TEXTS.currentLabel(
                            plan.nome_exibicao,
                            option.cobranca_tipo_desc,
                          )}
                        >
                          {PLANS_TEXTS.current}
                        </Button>
                      ) : blocked ? (
                        // aria-disabled, not disabled: the button keeps the focus and the hover
                        // that show the tooltip.
                        <Hint text={blocked.reason}>
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            className="app-choose-blocked"
                            aria-label={PLANS_TEXTS.chooseLabel(
                              plan.nome_exibicao,
                              option.cobranca_tipo_desc,
                            )}
                            aria-disabled="true"
                            aria-describedby={blocked.describedBy}
                          >
                            {PLANS_TEXTS.choose}
                          </Button>
                        </Hint>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={PLANS_TEXTS.chooseLabel(
                            plan.nome_exibicao,
                            option.cobranca_tipo_desc,
                          )}
                          aria-busy={option.id === waitingOptionId || undefined}
                          onClick={() => onChoose(plan, option)}
                        >
                          {option.id === waitingOptionId && (
                            <Spinner size="sm" className="me-1" aria-hidden="true" />
                          )}
                          {PLANS_TEXTS.choose}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                {plan.flag_valor_condicao && (
                  <small className="text-body-secondary">{PLANS_TEXTS.conditional}</small>
                )}
              </td>
              <td
                className="plan-details small"
                {...cellLabel(PLANS_TEXTS.details)}
                // Escaped and with safe links only (lib/markdown.ts).
                dangerouslySetInnerHTML={{
                  __html: markdownToHtml(plan.descricao_exibicao_calculada),
                }}
              />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
