import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrDateInput, DateInput, DateTimeInput, DecimalInput, fromLocalInput, toLocalInput } from './date-inputs';

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

describe('DateInput and DateTimeInput (§9 formats)', () => {
  it('shows any accepted date format and sends YYYY-MM-DD', () => {
    const { input, sent } = setup(DateInput, '25/12/2026');
    expect(input.value).toBe('2026-12-25');
    fireEvent.change(input, { target: { value: '2027-01-02' } });
    expect(sent.at(-1)).toBe('2027-01-02');
  });

  it('shows an instant in São Paulo time and sends YYYY-MM-DDTHH:mm:ss in UTC', () => {
    const { input, sent } = setup(DateTimeInput, '2026-12-25T13:30:00Z');
    expect(input.value).toBe('2026-12-25T10:30');
    fireEvent.change(input, { target: { value: '2026-12-31T22:15' } });
    expect(sent.at(-1)).toBe('2027-01-01T01:15:00');
    expect(toLocalInput(fromLocalInput('2026-06-01T08:00'))).toBe('2026-06-01T08:00');
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
