import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DateInterval } from '#shared/dates';
import { formatDateTime, MISSING } from '#shared/format';
import type { AuditoriaRow } from '#shared/schemas/audit';
import type { SelectOption } from '#shared/schemas/dropdown';
import { CrudList } from '#client/components/crud/list-page';
import { SearchableSelect } from '#client/components/searchable-select';
import { DateIntervalPicker, defaultDateInterval } from '#client/components/widgets/date-interval-picker';
import { API, adminPath } from '../admin-paths';
import { auditActionText, auditActor, auditChangeLines, auditResourceText, auditTarget } from '../audit-format';
import { ADMIN_TEXTS, AUDIT_RESOURCES } from '../texts';
import { Screen } from './screen';
import '../admin.css';

function ChangedFields({ row }: { row: AuditoriaRow }) {
  const lines = auditChangeLines(row);
  if (lines.length === 0) return MISSING;
  return (
    <>
      {lines.map((line, index) => (
        <div key={index} className="text-break">
          {line}
        </div>
      ))}
    </>
  );
}

/**
 * Administração → Auditoria (issue 34, decision 099): the trail, newest first, read-only (no
 * add, edit or delete), for supervisors and above. Filters: a person (who acted or whom it
 * concerned), a resource and a period of São Paulo days; the generic list pages it (§9).
 */
export function AuditoriaList() {
  const [, setSearchParams] = useSearchParams();
  const [pessoa, setPessoa] = useState<SelectOption | null>(null);
  const [recurso, setRecurso] = useState('');
  const [period, setPeriod] = useState<DateInterval>(() => defaultDateInterval());
  // Another filter is another list: it starts on its first page.
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const params = {
    gl_usuario_id: pessoa?.id,
    recurso: recurso || undefined,
    ...(period.checked && { data_inicio: period.startDate, data_fim: period.endDate }),
  };
  return (
    <Screen title={ADMIN_TEXTS.auditoria}>
      <p className="text-body-secondary">{ADMIN_TEXTS.auditoriaIntro}</p>
      <CrudList<AuditoriaRow>
        caption={ADMIN_TEXTS.auditoria}
        base={API.auditoria}
        params={params}
        backPath={adminPath()}
        toolbar={
          <div className="d-flex flex-wrap align-items-center gap-2">
            <div className="d-flex align-items-center gap-2">
              <label className="form-label mb-0" htmlFor="auditoria-pessoa">
                {ADMIN_TEXTS.pessoa}
              </label>
              <div className="app-audit-person">
                <SearchableSelect
                  inputId="auditoria-pessoa"
                  source={`${API.usuario}/dropdown`}
                  value={pessoa}
                  onChange={filtered(setPessoa)}
                />
              </div>
            </div>
            <div className="d-flex align-items-center gap-2">
              <label className="form-label mb-0" htmlFor="auditoria-recurso">
                {ADMIN_TEXTS.recurso}
              </label>
              <select
                id="auditoria-recurso"
                className="form-select w-auto"
                value={recurso}
                onChange={(event) => filtered(setRecurso)(event.target.value)}
              >
                <option value="">{ADMIN_TEXTS.todosOsRecursos}</option>
                {AUDIT_RESOURCES.map((resource) => (
                  <option key={resource.id} value={resource.id}>
                    {resource.text}
                  </option>
                ))}
              </select>
            </div>
            <DateIntervalPicker id="auditoria-periodo" label={ADMIN_TEXTS.periodo} value={period} onChange={filtered(setPeriod)} />
          </div>
        }
        columns={[
          { header: ADMIN_TEXTS.quando, cell: (row) => formatDateTime(row.datahora, { seconds: true }) },
          { header: ADMIN_TEXTS.quem, cell: auditActor },
          { header: ADMIN_TEXTS.acao, cell: (row) => auditActionText(row.acao) },
          { header: ADMIN_TEXTS.recurso, cell: auditResourceText },
          { header: ADMIN_TEXTS.pessoaAfetada, cell: auditTarget },
          { header: ADMIN_TEXTS.campos, cell: (row) => <ChangedFields row={row} /> },
          { header: ADMIN_TEXTS.ip, cell: (row) => row.ip ?? MISSING },
        ]}
      />
    </Screen>
  );
}
