import Markdown from 'react-markdown';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatMoney } from '#shared/format';
import type { PublicPlan, PublicPlanPayment } from '#shared/schemas/plano';
import { PLANS_TEXTS } from '../texts';

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
 * The product's plans (§2 Plans page). Details are markdown rendered by react-markdown, which
 * builds React elements and never injects HTML: raw HTML in the text is shown as text.
 */
export function PlansTable({
  plans,
  currentPlanId,
  onChoose,
}: {
  plans: PublicPlan[];
  currentPlanId: number | null;
  onChoose: (plan: PublicPlan, option: PublicPlanPayment) => void;
}) {
  return (
    <div className="table-responsive mb-4">
      <table className="table align-middle">
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
              <th scope="row">
                {plan.nome_exibicao}
                {plan.id === currentPlanId && (
                  <Badge bg="success" className="ms-2">
                    {PLANS_TEXTS.current}
                  </Badge>
                )}
              </th>
              <td>{plan.usuario_ilimitado ? PLANS_TEXTS.unlimited : (plan.usuario_qtde ?? '-')}</td>
              <td>{plan.dispositivo_qtde ?? '-'}</td>
              <td>
                <ul className="list-unstyled mb-0">
                  {plan.planos_pagamento_ativo.map((option) => (
                    <li key={option.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                      <span>
                        {option.cobranca_tipo_desc}: <OptionPrice option={option} />
                      </span>
                      <Button
                        size="sm"
                        variant="outline-primary"
                        aria-label={PLANS_TEXTS.chooseLabel(plan.nome_exibicao, option.cobranca_tipo_desc)}
                        onClick={() => onChoose(plan, option)}
                      >
                        {PLANS_TEXTS.choose}
                      </Button>
                    </li>
                  ))}
                </ul>
                {plan.flag_valor_condicao && <small className="text-body-secondary">{PLANS_TEXTS.conditional}</small>}
              </td>
              <td className="plan-details small">
                <Markdown>{plan.descricao_exibicao_calculada}</Markdown>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
