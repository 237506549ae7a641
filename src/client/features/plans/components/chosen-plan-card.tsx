import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { Selection } from '../selection';
import { PLANS_TEXTS } from '../texts';
import { OptionPrice } from './plans-table';

/** The plan and payment option being signed up for, and the way back to the table to change it. */
export function ChosenPlanCard({
  selection: { plan, option },
  onChangePlan,
}: {
  selection: Selection;
  onChangePlan: () => void;
}) {
  return (
    <Card className="mb-3 border-primary-subtle">
      <Card.Body>
        <h3 className="h6 text-body-secondary">{PLANS_TEXTS.chosenPlan}</h3>
        <p className="mb-1 fs-5" data-testid="plano-escolhido">
          {plan.nome_exibicao} — {option.cobranca_tipo_desc}: <OptionPrice option={option} />
        </p>
        <Button variant="link" size="sm" className="p-0" onClick={onChangePlan}>
          {PLANS_TEXTS.changePlan}
        </Button>
      </Card.Body>
    </Card>
  );
}
