import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrDateInput, DateTimeInput, DecimalInput, fromBrazilianDateTime, toBrazilianDateTime } from './date-inputs';

type Input = typeof BrDateInput;

function Harness({ Component, initial, sent }: { Component: Input; initial: string; sent: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="campo">Data</label>
      <Component
        id="campo"
        value={value}
        onChange={(next) => {
          sent.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

const setup = (Component: Input, initial: string) => {
  const sent: string[] = [];
  render(<Harness Component={Component} initial={initial} sent={sent} />);
  return { sent, input: screen.getByLabelText<HTMLInputElement>('Data') };
};

describe('BrDateInput (§5)', () => {
  it.each([
    ['DD/MM/YYYY', '25/12/2026'],
    ['YYYY/MM/DD', '2026/12/25'],
    ['YYYY-MM-DD', '2026-12-25'],
    ['ISO date-time', '2026-12-25T23:30:00Z'],
  ])('shows a %s value as dd/mm/yyyy', (_format, value) => {
    const { input } = setup(BrDateInput, value);
    expect(input.value).toBe('25/12/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  });

  it('sends a typed date as YYYY-MM-DD, and an unfinished or impossible one as typed', async () => {
    const { input, sent } = setup(BrDateInput, '');
    const user = userEvent.setup();
    await user.type(input, '0102');
    expect(sent.at(-1)).toBe('01/02');
    await user.type(input, '2027');
    expect(input.value).toBe('01/02/2027');
    expect(sent.at(-1)).toBe('2027-02-01');
    await user.clear(input);
    expect(sent.at(-1)).toBe('');
    await user.type(input, '31022027');
    expect(sent.at(-1)).toBe('31/02/2027');
  });
});

describe('BrDateInput and DateTimeInput (§5 dd/mm/aaaa, 24 h; §9 outgoing formats)', () => {
  it('the date input is the Brazilian one, never the browser\'s type="date"', () => {
    const { input, sent } = setup(BrDateInput, '2026-12-25');
    expect(input.type).toBe('text');
    expect(input.value).toBe('25/12/2026');
    fireEvent.input(input, { target: { value: '02/01/2027' } });
    expect(sent.at(-1)).toBe('2027-01-02');
  });

  it('shows an instant as dd/mm/aaaa HH:mm in São Paulo time, never the browser\'s datetime-local', () => {
    const { input } = setup(DateTimeInput, '2026-12-25T13:30:00Z');
    expect(input.type).toBe('text');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    expect(input.value).toBe('25/12/2026 10:30');
  });

  it('sends a typed date-time as YYYY-MM-DDTHH:mm:ss in UTC, on a 24-hour clock', async () => {
    const { input, sent } = setup(DateTimeInput, '');
    const user = userEvent.setup();
    await user.type(input, '311220262215');
    expect(input.value).toBe('31/12/2026 22:15');
    expect(sent.at(-1)).toBe('2027-01-01T01:15:00');
    await user.clear(input);
    expect(sent.at(-1)).toBe('');
    // Unfinished or impossible: handed on as typed, for the schema to refuse.
    await user.type(input, '3102202610');
    expect(sent.at(-1)).toBe('31/02/2026 10');
    expect(fromBrazilianDateTime('31/02/2026 10:00')).toBe('31/02/2026 10:00');
    expect(fromBrazilianDateTime('01/06/2026 25:00')).toBe('01/06/2026 25:00');
    expect(toBrazilianDateTime(fromBrazilianDateTime('01/06/2026 08:00'))).toBe('01/06/2026 08:00');
  });
});

describe('DecimalInput (§5)', () => {
  it('steps by 0.01 and sends two decimals', () => {
    const { input, sent } = setup(DecimalInput, '');
    expect(input).toHaveAttribute('step', '0.01');
    fireEvent.change(input, { target: { value: '49.9' } });
    fireEvent.blur(input);
    expect(sent).toEqual(['49.9', '49.90']);
    expect(input.value).toBe('49.90');
  });
});
