import { formatDateTime } from '#shared/format';
import type { AuditBlock as Audit } from '#shared/schemas/crud';
import { AUDIT_TEXTS } from '../../texts';

/** §3 Audit block, read-only: id, datahora_criado, datahora_modificado. */
export function AuditBlock({ entity }: { entity: Partial<Audit> | null }) {
  if (!entity?.id) return null;
  return (
    <section aria-label={AUDIT_TEXTS.section} className="border-top pt-3 mt-3">
      <dl className="row small text-body-secondary mb-0">
        <dt className="col-sm-3">{AUDIT_TEXTS.id}</dt>
        <dd className="col-sm-9">{entity.id}</dd>
        <dt className="col-sm-3">{AUDIT_TEXTS.created}</dt>
        <dd className="col-sm-9">{formatDateTime(entity.datahora_criado)}</dd>
        <dt className="col-sm-3">{AUDIT_TEXTS.modified}</dt>
        <dd className="col-sm-9">{formatDateTime(entity.datahora_modificado)}</dd>
      </dl>
    </section>
  );
}
