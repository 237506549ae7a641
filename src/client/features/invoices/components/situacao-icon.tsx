import { SITUACAO } from '#shared/schemas/fatura';
import { IssuedIcon, OtherIcon, OverdueIcon, PaidIcon } from './icons';
import { LazyHint } from './lazy-hint';

/**
 * §2 Situação: an icon with a tooltip. The server names the class (situacao_icon_class, styled
 * in invoices.css) and the pt-BR text (situacao_desc); the shape follows the code.
 */
export function SituacaoIcon({
  situacao,
  iconClass,
  description,
}: {
  situacao: number;
  iconClass: string;
  description: string;
}) {
  const icon =
    situacao === SITUACAO.paga ? (
      <PaidIcon />
    ) : situacao === SITUACAO.fechada ? (
      <IssuedIcon />
    ) : situacao === SITUACAO.vencida ? (
      <OverdueIcon />
    ) : (
      <OtherIcon />
    );
  return (
    <LazyHint text={description}>
      {/* Focusable, so keyboard users reach the tooltip too. */}
      <span
        className={`app-situacao ${iconClass}`}
        role="img"
        aria-label={description}
        tabIndex={0}
      >
        {icon}
      </span>
    </LazyHint>
  );
}
