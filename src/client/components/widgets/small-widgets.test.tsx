import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissAllNotices, getNotices } from '../../lib/notices';
import { IdIcon, InfoIcon } from './info-icons';
import { ReadonlyDate, ReadonlyDateTime, ReadonlyDecimal, Truncate } from './readonly-values';
import { RequiredMarker } from './required-marker';

afterEach(() => dismissAllNotices());

describe('read-only values and truncate (§2, §9)', () => {
  it('shows dates in São Paulo time and decimals with two places', () => {
    render(
      <>
        <ReadonlyDate value="2026-12-25" />|<ReadonlyDateTime value="2026-12-25T13:05:00Z" />|<ReadonlyDecimal value="1234.5" />|
        <ReadonlyDecimal value={null} />
      </>,
    );
    expect(document.body).toHaveTextContent('25/12/2026|25/12/2026 10:05|1.234,50|-');
  });

  it("cuts long text with '...' and keeps the whole text on hover", () => {
    render(<Truncate text="Licenciamento de software mensal" max={13} />);
    const shown = screen.getByText(/\.\.\.$/);
    expect(shown.textContent?.endsWith('...')).toBe(true);
    expect(shown.textContent.length).toBeLessThanOrEqual(13);
    expect(shown).toHaveAttribute('title', 'Licenciamento de software mensal');
  });
});

describe('icons and the required marker (§2, §5)', () => {
  it("shows the details, or 'ID: {value}', as an alert", async () => {
    const user = userEvent.setup();
    render(
      <>
        <InfoIcon details="Criado pela importação" />
        <IdIcon value={42} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Informações' }));
    await user.click(screen.getByRole('button', { name: 'ID: 42' }));
    expect(getNotices().map((notice) => [notice.level, notice.text])).toEqual([
      ['info', 'Criado pela importação'],
      ['info', 'ID: 42'],
    ]);
  });

  it("marks a field with '*' and the tooltip 'Campo obrigatório.'", async () => {
    const user = userEvent.setup();
    render(<RequiredMarker />);
    await user.hover(screen.getByText('*'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Campo obrigatório.');
  });
});
