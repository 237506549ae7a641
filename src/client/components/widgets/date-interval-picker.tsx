import {
  createDateInterval,
  periodOf,
  stepPeriod,
  todayInSaoPaulo,
  type DateInterval,
  type PeriodType,
} from '#shared/dates';
import { formatMonthYear } from '#shared/format';
import { PERIOD_TEXTS } from '../../texts';

/** §4 default: the current date, month mode, checked. */
export function defaultDateInterval(now: Date = new Date()): DateInterval {
  return createDateInterval(todayInSaoPaulo(now));
}

/** The period's name: 'Novembro de 2026' or '2026'. */
function periodLabel(value: Pick<DateInterval, 'type' | 'currentDate'>): string {
  if (value.type === 'year') return value.currentDate.slice(0, 4);
  return formatMonthYear(value.currentDate);
}

const withPeriod = (value: DateInterval, changes: Partial<DateInterval>): DateInterval => {
  const next = { ...value, ...changes };
  return { ...next, ...periodOf(next.type, next.currentDate) };
};

/**
 * The date-interval picker (§2, §3 Date-interval value, §4): month or year; previous/next step
 * one month or one year; 'checked' says whether the interval filters at all. Every change emits
 * the whole value, with the period's start and end.
 */
export function DateIntervalPicker({
  id,
  value,
  onChange,
  label = PERIOD_TEXTS.label,
}: {
  id: string;
  value: DateInterval;
  onChange: (value: DateInterval) => void;
  label?: string;
}) {
  const step = (direction: -1 | 1) =>
    onChange(withPeriod(value, { currentDate: stepPeriod(value.type, value.currentDate, direction) }));
  const unit = value.type === 'month' ? 'mês' : 'ano';
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-label={label}>
      <div className="form-check mb-0">
        <input
          id={`${id}-ativo`}
          type="checkbox"
          className="form-check-input"
          checked={value.checked}
          onChange={(event) => onChange({ ...value, checked: event.target.checked })}
        />
        <label className="form-check-label" htmlFor={`${id}-ativo`}>
          {label}
        </label>
      </div>
      <select
        id={`${id}-tipo`}
        className="form-select form-select-sm w-auto"
        aria-label={PERIOD_TEXTS.type}
        value={value.type}
        onChange={(event) => onChange(withPeriod(value, { type: event.target.value as PeriodType }))}
      >
        <option value="month">{PERIOD_TEXTS.month}</option>
        <option value="year">{PERIOD_TEXTS.year}</option>
      </select>
      <div className="btn-group btn-group-sm">
        <button type="button" className="btn btn-outline-secondary" aria-label={`${unit} anterior`} onClick={() => step(-1)}>
          ‹
        </button>
        <span className="btn btn-outline-secondary pe-none" aria-live="polite" data-testid={`${id}-periodo`}>
          {periodLabel(value)}
        </span>
        <button type="button" className="btn btn-outline-secondary" aria-label={`próximo ${unit}`} onClick={() => step(1)}>
          ›
        </button>
      </div>
    </div>
  );
}
