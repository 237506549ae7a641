import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilePicker } from './file-picker';

function setup(multiple: boolean) {
  const chosen: File[][] = [];
  render(
    <>
      <label htmlFor="comprovantes">Comprovantes</label>
      <FilePicker id="comprovantes" accept=".pdf" multiple={multiple} onChange={(files) => chosen.push(files)} />
    </>,
  );
  return { chosen, input: screen.getByLabelText<HTMLInputElement>('Comprovantes'), user: userEvent.setup() };
}

describe('FilePicker (decision 051)', () => {
  it("speaks pt-BR: the button and 'Nenhum arquivo selecionado.', the native input clipped but focusable", async () => {
    const { input, user } = setup(true);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('visually-hidden');
    expect(screen.getByText('Escolher arquivos')).toHaveAttribute('for', 'comprovantes');
    expect(input).toHaveAccessibleDescription('Nenhum arquivo selecionado.');
    await user.tab();
    expect(input).toHaveFocus();
  });

  it('shows the names chosen, as the field’s description, and hands the files on', async () => {
    const { input, user, chosen } = setup(true);
    const files = [new File(['a'], 'contrato.pdf', { type: 'application/pdf' }), new File(['b'], 'rg.pdf', { type: 'application/pdf' })];
    await user.upload(input, files);
    expect(input).toHaveAccessibleDescription('contrato.pdf, rg.pdf');
    expect(chosen.at(-1)?.map((file) => file.name)).toEqual(['contrato.pdf', 'rg.pdf']);
  });

  it("says 'Escolher arquivo' for one file", () => {
    setup(false);
    expect(screen.getByText('Escolher arquivo')).toBeInTheDocument();
  });
});
