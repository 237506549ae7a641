import { SITUACAO_FILTROS } from '#shared/schemas/invoices';
import { INVOICES_TEXTS } from '../texts';

/**
 * §2 filter badges: Todas, Fechada/Emitida (5), Paga (6), Vencida (8), each with its count. They
 * act as toggle buttons; the active one is pressed.
 */
export function InvoiceFilters({
  counts,
  total,
  active,
  onChange,
}: {
  counts: ReadonlyMap<number, number>;
  total: number;
  active: number | null;
  onChange: (situacao: number | null) => void;
}) {
  return (
    <div
      className="d-flex flex-wrap gap-2 mb-3"
      role="group"
      aria-label={INVOICES_TEXTS.filterBySituation}
    >
      {SITUACAO_FILTROS.map(({ situacao, label }) => {
        const pressed = active === situacao;
        const count = situacao === null ? total : (counts.get(situacao) ?? 0);
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            className={`badge rounded-pill app-invoice-filter ${pressed ? 'text-bg-primary' : 'text-bg-light border'}`}
            onClick={() => onChange(situacao)}
          >
            {label} <span className="app-invoice-filter__count">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
