import { useEffect, useRef } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { Customer, PaymentAccount } from '#shared/schemas/plans';
import { BusyButton } from '#client/components/busy-button';
import { PageLoading } from '#client/components/page-loading';
import type { SessionContract } from '#client/lib/session';
import { useCustomer } from '../api/customer';
import type { Selection } from '../selection';
import { PLANS_TEXTS } from '../texts';
import { ChosenPlanCard } from './chosen-plan-card';
import { ContactAddressFields } from './contact-address-fields';
import { PaymentMethodFieldset } from './payment-method-fieldset';
import { PlanChangeSummary } from './plan-change-summary';
import { previewInput, timingsFor } from './plan-signup-values';
import { ProofFilesField } from './proof-files-field';
import { SignupPersonFields } from './signup-person-fields';
import { TimingFieldset } from './timing-fieldset';
import { usePlanSignupForm } from './use-plan-signup-form';

/**
 * The §5 plan signup, below the plans once one is chosen: the customer's person, contact and
 * address, the chosen plan, the payment method, the proofs the plan asks for, the timing, and
 * the preview of the change (decision 102). The state and the sending are `usePlanSignupForm`.
 */
export function PlanSignupForm(props: {
  pid: number;
  selection: Selection;
  accounts: PaymentAccount[];
  clienteId: number;
  contrato: SessionContract | null;
  onChangePlan: () => void;
}) {
  const customer = useCustomer(props.clienteId, true);
  if (customer.isPending) return <PageLoading />;
  if (customer.isError) return <Alert variant="danger">{PLANS_TEXTS.loadCustomerFailed}</Alert>;
  return <SignupForm {...props} customer={customer.data} />;
}

function SignupForm({
  pid,
  selection,
  accounts,
  clienteId,
  contrato,
  onChangePlan,
  customer,
}: {
  pid: number;
  selection: Selection;
  accounts: PaymentAccount[];
  clienteId: number;
  contrato: SessionContract | null;
  onChangePlan: () => void;
  customer: Customer;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // 'Escolher' opens the form below the plans: it is brought into view and focus goes to its
  // title, so neither the eye nor a screen reader stays on the button (issue 38).
  useEffect(() => {
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const { methods, registrations, paymentOptions, proofs, busy, submit } = usePlanSignupForm({
    pid,
    selection,
    accounts,
    clienteId,
    contrato,
    customer,
  });
  const {
    control,
    formState: { errors },
  } = methods;
  const preview = previewInput(
    contrato,
    selection.option.id,
    useWatch({ control, name: 'pg_conta_id' }),
    useWatch({ control, name: 'imediato' }),
  );

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 ref={headingRef} tabIndex={-1} className="h4 mb-3">
          {PLANS_TEXTS.completeSignup}
        </h2>
        <FormProvider {...methods}>
          <form noValidate aria-label={PLANS_TEXTS.completeSignup} onSubmit={submit}>
            <SignupPersonFields
              customer={customer}
              kindField={registrations.kind}
              nameField={registrations.name}
              emailField={registrations.email}
            />
            <ContactAddressFields idPrefix="plano" customer={customer} />
            <ChosenPlanCard selection={selection} onChangePlan={onChangePlan} />
            <PaymentMethodFieldset
              options={paymentOptions}
              registration={registrations.account}
              error={errors.pg_conta_id?.message}
            />
            {proofs.needsProofs && (
              <ProofFilesField error={proofs.fileError} onChange={proofs.pickFiles} />
            )}
            <TimingFieldset
              timings={timingsFor(contrato)}
              registration={registrations.timing}
              error={errors.imediato?.message}
            />
            {preview && <PlanChangeSummary input={preview} />}
            <BusyButton busy={busy} type="submit">
              {contrato ? PLANS_TEXTS.submit : PLANS_TEXTS.submitSignup}
            </BusyButton>
          </form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}
