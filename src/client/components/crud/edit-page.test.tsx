import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '#shared/fields';
import { dismissAllNotices, getNotices } from '../../lib/notices';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch } from '../../testing/fetch-stub';
import { CrudEdit, type CrudEditProps } from './edit-page';
import { InputField } from './form-fields';

const Schema = z.object({ nome: requiredText({ max: 60 }) });
type Row = { id: number; nome: string; datahora_criado: string; datahora_modificado: string };
const BASE = '/api/admin/coisa';
const ROW: Row = { id: 7, nome: 'Antigo', datahora_criado: '2026-01-02T13:00:00Z', datahora_modificado: '2026-01-03T13:00:00Z' };

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function Where() {
  const location = useLocation();
  return <output aria-label="endereço">{`${location.pathname}${location.search}`}</output>;
}

/** The edit page as a list opens it: with the list's page and search to return to. */
const FROM_LIST = { pathname: '/editar', state: { back: { path: '/lista?page=3&q=casa', state: null } } };

function setup(
  overrides: Partial<CrudEditProps<typeof Schema, Row>> = {},
  id: number | null = 7,
  entry: string | typeof FROM_LIST = '/editar',
) {
  const props: CrudEditProps<typeof Schema, Row> = {
    base: BASE,
    id,
    schema: Schema,
    empty: { nome: '' },
    toForm: (entity) => ({ nome: entity.nome }),
    toPayload: (values) => ({ ...values }),
    navBackRoute: '/lista',
    children: (form) => <InputField form={form} name="nome" label="Nome" required />,
    ...overrides,
  };
  const router = createMemoryRouter(
    [
      { path: '/editar', element: <><CrudEdit {...props} /><Where /></> },
      { path: '/lista', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const texts = () => getNotices().map((notice) => notice.text);

/** A screen that re-renders on its own (as one holding state does), passing a new toForm each time. */
function RerenderingScreen() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Outra renderização
      </button>
      <CrudEdit<typeof Schema, Row>
        base={BASE}
        id={7}
        schema={Schema}
        empty={{ nome: '' }}
        toForm={(entity) => ({ nome: entity.nome })}
        toPayload={(values) => ({ ...values })}
        navBackRoute="/lista"
      >
        {(form) => <InputField form={form} name="nome" label="Nome" required />}
      </CrudEdit>
    </>
  );
}

describe('CrudEdit (§2 generic edit page, §4, §7)', () => {
  it('keeps what the person typed when the screen re-renders; only a loaded record fills the form', async () => {
    stubFetch({ [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }) });
    const router = createMemoryRouter([{ path: '/editar', element: <RerenderingScreen /> }], { initialEntries: ['/editar'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    // The fields open once they hold the record (edit-page.tsx).
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Digitado');
    await user.click(screen.getByRole('button', { name: 'Outra renderização' }));
    expect(screen.getByLabelText('Nome')).toHaveValue('Digitado');
  });

  it('opens its fields only once they hold the loaded record, so nothing typed is overwritten by the load', async () => {
    stubFetch({ [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }) });
    setup();
    const field = screen.getByLabelText('Nome');
    const fieldset = field.closest('fieldset')!;
    expect(fieldset).toBeDisabled();
    // What a person (or a browser test) finds at the first moment the field takes input: the
    // record, not the empty form the load would replace a moment later.
    const seen = await new Promise<string>((resolve) => {
      const observer = new MutationObserver(() => {
        if (fieldset.disabled) return;
        observer.disconnect();
        resolve((field as HTMLInputElement).value);
      });
      observer.observe(fieldset, { attributes: true, attributeFilter: ['disabled'] });
    });
    expect(seen).toBe('Antigo');
    await waitFor(() => expect(field).toBeEnabled());
  });

  it('creates with POST {base} without an id, then goes back', async () => {
    const { calls } = stubFetch({ [`POST ${BASE}`]: () => envelopeResponse({ entity: { ...ROW, id: 9, nome: 'Novo' } }, { message: 'Registro criado.' }) });
    const user = setup({}, null);
    await user.type(screen.getByLabelText('Nome'), 'Novo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista'));
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([['POST', BASE, { nome: 'Novo' }]]);
    expect(texts()).toContain('Registro criado.');
  });

  it('loads the parent first, then {base}/{id}/edit (data.entity or data.data), and updates with PUT', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/pai/3/edit': () => envelopeResponse({ entity: { id: 3, nome: 'Pai' } }),
      [`GET ${BASE}/7/edit`]: () => envelopeResponse({ data: ROW }),
      [`PUT ${BASE}/7`]: () => envelopeResponse({ entity: { ...ROW, nome: 'Novo nome' } }, { message: 'Registro salvo.' }),
    });
    const user = setup({ parent: { base: '/api/admin/pai', id: 3, render: (parent) => <p>Pai: {String(parent.nome)}</p> } });
    expect(await screen.findByText('Pai: Pai')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    expect(calls.map((call) => call.path)).toEqual(['/api/admin/pai/3/edit', `${BASE}/7/edit`]);
    // The audit block, read-only.
    expect(screen.getByRole('region', { name: 'Auditoria' })).toHaveTextContent('ID7Criado em02/01/2026 10:00Modificado em03/01/2026 10:00');
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Novo nome');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista'));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: `${BASE}/7`, body: { nome: 'Novo nome' } });
  });

  it('sends a FormData payload as the multipart variant, POST {base}/{id}', async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }),
      [`POST ${BASE}/7`]: () => envelopeResponse({ entity: ROW }),
    });
    const user = setup({
      toPayload: (values) => {
        const form = new FormData();
        form.append('nome', values.nome);
        return form;
      },
    });
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('POST'));
    expect(calls.at(-1)?.path).toBe(`${BASE}/7`);
    expect((calls.at(-1)?.body as FormData).get('nome')).toBe('Antigo');
  });

  it('runs the form validators, then the custom hook, and sends nothing when either refuses', async () => {
    const { calls } = stubFetch({});
    const user = setup({ validate: (values) => (values.nome === 'proibido' ? 'Nome não permitido.' : null) }, null);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'proibido');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(texts()).toContain('Nome não permitido.'));
    expect(calls).toEqual([]);
  });

  it("warns 'Implemente o metodo crud_data()...' when a screen gives no data mapping (§5)", async () => {
    const { calls } = stubFetch({});
    const user = setup({ toPayload: undefined as never }, null);
    await user.type(screen.getByLabelText('Nome'), 'Algo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(texts()).toContain('Implemente o metodo crud_data(), retornando o objeto de dados.'));
    expect(getNotices()[0]?.level).toBe('warning');
    expect(calls).toEqual([]);
  });

  it("deletes through 'Excluir registro?' ('Cancelar' keeps it), then goes back", async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }),
      [`DELETE ${BASE}/7`]: () => envelopeResponse(null, { message: 'Registro excluído.' }),
    });
    const user = setup({ deleteTitle: 'Excluir a coisa?' });
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a coisa?' });
    expect(dialog).toHaveTextContent('Excluir registro?');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const again = await screen.findByRole('dialog');
    await user.click(again.querySelector('.btn-danger') as HTMLElement);
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista'));
    // Nothing asks for the deleted record afterwards.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${BASE}/7/edit`, `DELETE ${BASE}/7`]);
  });

  it('names the record in the dialog when the title is a function of it (issue 38)', async () => {
    stubFetch({ [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }) });
    const user = setup({ deleteTitle: (entity: Row) => `Excluir o registro ${entity.nome}?` });
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o registro Antigo?' });
    expect(dialog).toHaveTextContent('Excluir registro?');
  });

  it('goes back after a save to the list it was opened from, with its page and search (§4)', async () => {
    stubFetch({
      [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }),
      [`PUT ${BASE}/7`]: () => envelopeResponse({ entity: ROW }, { message: 'Registro salvo.' }),
      [`POST ${BASE}`]: () => envelopeResponse({ entity: { ...ROW, id: 9 } }, { message: 'Registro criado.' }),
    });
    const user = setup({}, 7, FROM_LIST);
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista?page=3&q=casa'));
  });

  it('goes back after creating to that list too', async () => {
    stubFetch({ [`POST ${BASE}`]: () => envelopeResponse({ entity: { ...ROW, id: 9 } }, { message: 'Registro criado.' }) });
    const user = setup({}, null, FROM_LIST);
    await user.type(screen.getByLabelText('Nome'), 'Novo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista?page=3&q=casa'));
  });

  it('goes back after a delete to that list', async () => {
    stubFetch({
      [`GET ${BASE}/7/edit`]: () => envelopeResponse({ entity: ROW }),
      [`DELETE ${BASE}/7`]: () => envelopeResponse(null, { message: 'Registro excluído.' }),
    });
    const user = setup({}, 7, FROM_LIST);
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
    expect(screen.getByLabelText('Nome')).toHaveValue('Antigo');
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('.btn-danger') as HTMLElement);
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista?page=3&q=casa'));
  });

  it("shows only 'Registro não encontrado.' and the way back for a record the server does not have", async () => {
    stubFetch({ [`GET ${BASE}/9999/edit`]: () => envelopeResponse(null, { httpStatus: 404, message: 'Registro não encontrado.' }) });
    const user = setup({}, 9999, FROM_LIST);
    expect(await screen.findByRole('alert')).toHaveTextContent('Registro não encontrado.');
    expect(screen.queryByLabelText('Nome')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    // Said once, on the page: no error notice on top of it.
    expect(texts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: '‹ Voltar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/lista?page=3&q=casa'));
  });
});
