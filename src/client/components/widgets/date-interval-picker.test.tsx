import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDateInterval, type DateInterval } from '#shared/dates';
import { DateIntervalPicker, defaultDateInterval } from './date-interval-picker';

function Harness({ initial, emitted }: { initial: DateInterval; emitted: DateInterval[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateIntervalPicker
      id="vencimento"
      value={value}
      onChange={(next) => {
        emitted.push(next);
        setValue(next);
      }}
    />
  );
}

const setup = (currentDate: string) => {
  const emitted: DateInterval[] = [];
  render(<Harness initial={createDateInterval(currentDate)} emitted={emitted} />);
  return { emitted, user: userEvent.setup(), last: () => emitted.at(-1) };
};

describe('DateIntervalPicker (§4)', () => {
  it('defaults to the current month, checked', () => {
    const value = defaultDateInterval(new Date('2026-11-23T15:00:00Z'));
    expect(value).toEqual({ type: 'month', currentDate: '2026-11-23', checked: true, startDate: '2026-11-01', endDate: '2026-11-30' });
  });

  it('steps one month back across the year end and emits start and end', async () => {
    const { user, last } = setup('2027-01-31');
    expect(screen.getByTestId('vencimento-periodo')).toHaveTextContent('Janeiro de 2027');
    await user.click(screen.getByRole('button', { name: 'mês anterior' }));
    expect(last()).toMatchObject({ currentDate: '2026-12-31', startDate: '2026-12-01', endDate: '2026-12-31', type: 'month' });
    expect(screen.getByTestId('vencimento-periodo')).toHaveTextContent('Dezembro de 2026');
    await user.click(screen.getByRole('button', { name: 'mês anterior' }));
    expect(last()).toMatchObject({ currentDate: '2026-11-30', startDate: '2026-11-01', endDate: '2026-11-30' });
  });

  it('steps one month forward across the year end, clamping the day', async () => {
    const { user, last } = setup('2026-12-31');
    await user.click(screen.getByRole('button', { name: 'próximo mês' }));
    expect(last()).toMatchObject({ currentDate: '2027-01-31', startDate: '2027-01-01', endDate: '2027-01-31' });
    await user.click(screen.getByRole('button', { name: 'próximo mês' }));
    expect(last()).toMatchObject({ currentDate: '2027-02-28', startDate: '2027-02-01', endDate: '2027-02-28' });
  });

  it('in year mode covers the whole year and steps a year at a time', async () => {
    const { user, last } = setup('2024-02-29');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de período' }), 'year');
    expect(last()).toMatchObject({ type: 'year', startDate: '2024-01-01', endDate: '2024-12-31' });
    expect(screen.getByTestId('vencimento-periodo')).toHaveTextContent('2024');
    await user.click(screen.getByRole('button', { name: 'próximo ano' }));
    expect(last()).toMatchObject({ currentDate: '2025-02-28', startDate: '2025-01-01', endDate: '2025-12-31' });
    await user.click(screen.getByRole('button', { name: 'ano anterior' }));
    await user.click(screen.getByRole('button', { name: 'ano anterior' }));
    expect(last()).toMatchObject({ currentDate: '2023-02-28', startDate: '2023-01-01', endDate: '2023-12-31' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de período' }), 'month');
    expect(last()).toMatchObject({ type: 'month', startDate: '2023-02-01', endDate: '2023-02-28' });
  });

  it('toggles checked and emits it', async () => {
    const { user, last } = setup('2026-11-23');
    await user.click(screen.getByRole('checkbox', { name: 'Período' }));
    expect(last()).toMatchObject({ checked: false, startDate: '2026-11-01', endDate: '2026-11-30' });
    await user.click(screen.getByRole('checkbox', { name: 'Período' }));
    expect(last()?.checked).toBe(true);
  });
});
