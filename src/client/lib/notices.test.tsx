import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllNotices, notify, NoticeViewport, type NoticeLevel } from './notices';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => dismissAllNotices());
});

function show(level: NoticeLevel, text: string, details?: string[]) {
  act(() => {
    notify(level, text, details);
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('notices', () => {
  it.each([
    ['success', 1500],
    ['info', 3000],
    ['warning', 60_000],
    ['danger', 60_000],
  ] as const)('a %s notice stays %i ms (§9)', (level, duration) => {
    render(<NoticeViewport />);
    show(level, 'Mensagem de teste');
    advance(duration - 1);
    expect(screen.getByText('Mensagem de teste')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Mensagem de teste')).not.toBeInTheDocument();
  });

  it('interrupts screen readers for danger and warning only', () => {
    render(<NoticeViewport />);
    show('danger', 'Falhou');
    show('warning', 'Atenção');
    show('info', 'Para saber');
    show('success', 'Feito');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Falhou'),
      expect.stringContaining('Atenção'),
    ]);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Para saber'),
      expect.stringContaining('Feito'),
    ]);
  });

  it('can be closed before its time', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<NoticeViewport />);
    show('danger', 'Erro grave');
    const notice = screen.getByRole('alert');
    await user.click(within(notice).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByText('Erro grave')).not.toBeInTheDocument();
  });

  it('lists the details under the text', () => {
    render(<NoticeViewport />);
    show('danger', 'Dados inválidos', ['email: Campo obrigatório.', 'nome: Campo obrigatório.']);
    const items = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'email: Campo obrigatório.',
      'nome: Campo obrigatório.',
    ]);
  });

  it('shows the success check mark for 3 s whenever a success notice appears (§8)', () => {
    render(<NoticeViewport />);
    expect(screen.queryByRole('img', { name: 'Sucesso' })).not.toBeInTheDocument();
    show('success', 'Senha alterada com sucesso!');
    expect(screen.getByRole('img', { name: 'Sucesso' })).toBeInTheDocument();
    advance(2999);
    expect(screen.getByRole('img', { name: 'Sucesso' })).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('img', { name: 'Sucesso' })).not.toBeInTheDocument();
  });

  it('shows no check mark for other levels', () => {
    render(<NoticeViewport />);
    show('info', 'Informação');
    show('danger', 'Erro');
    expect(screen.queryByRole('img', { name: 'Sucesso' })).not.toBeInTheDocument();
  });

  it('does not stack the same message twice; its time restarts', () => {
    render(<NoticeViewport />);
    show('warning', 'Sessão expirada.');
    advance(30_000);
    show('warning', 'Sessão expirada.');
    expect(screen.getAllByText('Sessão expirada.')).toHaveLength(1);
    advance(59_999);
    expect(screen.getByText('Sessão expirada.')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Sessão expirada.')).not.toBeInTheDocument();
  });
});
