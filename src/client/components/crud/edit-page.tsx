import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CRUD_MESSAGES, type AuditBlock as Audit, type EntityResponse } from '#shared/schemas/crud';
import { ApiError, apiGet, apiRequest, applyFieldErrors } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { AuditBlock } from './audit-block';
import { backFrom } from './back-to';
import { DeleteButton, DeleteDialog, RefreshButton, SaveButton } from './crud-buttons';
import { CRUD_TEXTS } from '../../texts';
import { crudListKey } from './list-page';

/** §7 Load entity: data.entity, or data.data. */
function entityOf<E>(data: unknown): E | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { entity?: E; data?: E };
  return record.entity ?? record.data ?? null;
}

export const crudEntityKey = (base: string, id: number | null) =>
  ['crud-entity', base, id] as const;

/**
 * GET {path}: the entity, or null when the server has no such record (404). A missing record is
 * the page's own answer ('Registro não encontrado.' and the way back), not an
 * error notice over an empty form.
 */
async function loadEntity<E>(path: string, signal: AbortSignal): Promise<E | null> {
  try {
    return entityOf<E>(await apiGet<unknown>(path, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

/** After a save: back to the list (default), stay and reload, or go on editing the saved record. */
type AfterSave = 'back' | 'refresh' | 'edit';

export interface CrudEditProps<S extends z.ZodType<FieldValues, FieldValues>, E extends Audit> {
  /** API base of the resource, e.g. '/api/admin/gl_plano'. */
  base: string;
  /** The record's id; null for a new one (POST without id, PUT with id, §4). */
  id: number | null;
  schema: S;
  /** A new record's form. */
  empty: DefaultValues<z.input<S>>;
  /** The loaded entity as the form's values. */
  toForm: (entity: E) => DefaultValues<z.input<S>>;
  /**
   * §5 crud_data(): the validated form as the payload to send; a FormData sends the multipart
   * variant. Required by the type; a missing one at run time gets the §5 warning.
   */
  toPayload: (values: z.output<S>, entity: E | null) => Record<string, unknown> | FormData;
  /** The fields; `entity` is null while creating. */
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>, entity: E | null) => ReactNode;
  /**
   * Where 'Voltar', a save ('back') and a delete go (§2 navBackRoute); when the page was opened
   * from that list, back to it with its page and search.
   */
  navBackRoute: string;
  /** Where a new record goes after 'edit'. */
  editPath?: (id: number) => string;
  afterSave?: AfterSave;
  /** §2 parentEntityId: the parent is loaded first, and shown by renderParent. */
  parent?: { base: string; id: number; render: (parent: Record<string, unknown>) => ReactNode };
  /** Only these fields are validated before saving (§5 "optionally scoped"). */
  scope?: Path<z.input<S>>[];
  /** §5: runs after the form's validators; a text refuses the save with it. */
  validate?: (values: z.output<S>) => string | null;
  hideSave?: boolean;
  hideDelete?: boolean;
  /** §2's optional title of 'Excluir registro?': name the record, e.g. 'Excluir o cliente Empresa X?'. */
  deleteTitle?: ReactNode | ((entity: E) => ReactNode);
  /** More below the form once the record exists (child lists, actions). */
  extra?: (entity: E) => ReactNode;
}

/**
 * The generic edit page (§2, §4 Generic CRUD, §7 Load/Save/Delete): loads {base}/{id}/edit (the
 * parent first when there is one), saves as POST (new) or PUT (existing) or their multipart
 * variant, then goes back, refreshes or keeps editing; deletes through 'Excluir registro?' and
 * goes back; shows the audit block read-only.
 */
export function CrudEdit<S extends z.ZodType<FieldValues, FieldValues>, E extends Audit>(
  props: CrudEditProps<S, E>,
) {
  const { base, id, schema, navBackRoute, parent } = props;
  const navigate = useNavigate();
  const back = backFrom(useLocation(), navBackRoute);
  const goBack = () => navigate(back.path, { state: back.state });
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Once deleted, the record is not asked for again while the page leaves.
  const [deleted, setDeleted] = useState(false);

  const parentQuery = useQuery({
    queryKey: parent ? crudEntityKey(parent.base, parent.id) : ['crud-entity', 'none'],
    queryFn: ({ signal }) =>
      loadEntity<Record<string, unknown>>(`${parent!.base}/${parent!.id}/edit`, signal),
    enabled: Boolean(parent),
  });
  // §2: the parent entity is loaded first when a parent id exists.
  const parentReady = !parent || (parentQuery.isSuccess && parentQuery.data !== null);
  const entityQuery = useQuery({
    queryKey: crudEntityKey(base, id),
    queryFn: ({ signal }) => loadEntity<E>(`${base}/${id}/edit`, signal),
    enabled: id !== null && parentReady && !deleted,
  });
  const entity = id === null ? null : (entityQuery.data ?? null);

  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: props.empty,
  });
  const { reset } = form;
  const { toForm } = props;
  // The form takes a record when one arrives (load, refresh), not whenever the screen re-renders
  // with a new toForm function: that would wipe what the person is typing. The fields open only
  // once they hold the record (`filled`): open at its arrival, they took input the fill then
  // overwrote, and the save kept the old value.
  const [filled, setFilled] = useState<E | null>(null);
  const loadIntoForm = useEffectEvent((loaded: E) => {
    reset(toForm(loaded));
    setFilled(loaded);
  });
  useEffect(() => {
    // The second render is the point: it opens the fields after react-hook-form filled them.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (entity) loadIntoForm(entity);
  }, [entity]);

  const changed = () => queryClient.invalidateQueries({ queryKey: crudListKey(base) });

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown> | FormData) => {
      const multipart = payload instanceof FormData;
      if (id === null) return apiRequest<EntityResponse<E>>('POST', base, payload);
      return apiRequest<EntityResponse<E>>(multipart ? 'POST' : 'PUT', `${base}/${id}`, payload);
    },
    meta: { fieldErrors: 'form' },
    onSuccess: async (response) => {
      await changed();
      if (response.message) notify('success', response.message);
      const saved = response.data.entity;
      const after = props.afterSave ?? 'back';
      if (after === 'back') return void goBack();
      queryClient.setQueryData(crudEntityKey(base, saved.id), saved);
      if (id === null && props.editPath)
        return void navigate(props.editPath(saved.id), { replace: true });
      reset(toForm(saved));
    },
    onError: (error) => applyFieldErrors(form.setError, error),
  });

  const remove = useMutation({
    mutationFn: () => apiRequest<null>('DELETE', `${base}/${id}`),
    onSuccess: async (response) => {
      setConfirming(false);
      setDeleted(true);
      if (response.message) notify('success', response.message);
      await goBack();
      queryClient.removeQueries({ queryKey: crudEntityKey(base, id) });
      await changed();
    },
    onError: () => setConfirming(false),
  });

  const onSubmit = async () => {
    const valid = props.scope ? await form.trigger(props.scope) : await form.trigger();
    if (!valid) return;
    const parsed = schema.safeParse(form.getValues());
    // A scoped validation may leave fields outside the scope unparsed: send them as they are.
    const values = (parsed.success ? parsed.data : form.getValues()) as z.output<S>;
    const problem = props.validate?.(values);
    if (problem) return notify('danger', problem);
    if (typeof props.toPayload !== 'function') return notify('warning', CRUD_TEXTS.crudDataMissing);
    save.mutate(props.toPayload(values, entity));
  };

  const loading =
    parentQuery.isFetching || entityQuery.isFetching || save.isPending || remove.isPending;
  const notLoaded = id !== null && (!entity || filled !== entity);
  const missing =
    (parent && parentQuery.isSuccess && parentQuery.data === null) ||
    (id !== null && !deleted && entityQuery.isSuccess && entityQuery.data === null);

  const backButton = (
    <button type="button" className="btn btn-outline-secondary" onClick={() => void goBack()}>
      ‹ {CRUD_TEXTS.back}
    </button>
  );

  if (missing) {
    return (
      <div>
        <div className="alert alert-warning" role="alert">
          {CRUD_MESSAGES.notFound}
        </div>
        {backButton}
      </div>
    );
  }

  return (
    <div>
      {parent && parentQuery.data && <div className="mb-3">{parent.render(parentQuery.data)}</div>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        aria-busy={loading || undefined}
      >
        <fieldset disabled={notLoaded}>{props.children(form, entity)}</fieldset>
        <div className="d-flex flex-wrap gap-2 mt-3">
          {backButton}
          <SaveButton busy={save.isPending} hidden={props.hideSave} disabled={notLoaded} />
          {id !== null && (
            <>
              <RefreshButton loading={loading} onClick={() => void entityQuery.refetch()} />
              <DeleteButton
                hidden={props.hideDelete}
                disabled={notLoaded}
                onClick={() => setConfirming(true)}
              />
            </>
          )}
        </div>
      </form>
      <AuditBlock entity={entity} />
      {entity && props.extra?.(entity)}
      <DeleteDialog
        show={confirming}
        title={typeof props.deleteTitle === 'function' ? entity && props.deleteTitle(entity) : props.deleteTitle}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
