import { SITUACAO } from '#shared/schemas/invoices';
import { IssuedIcon, OtherIcon, OverdueIcon, PaidIcon } from './icons';
import { Hint } from '#client/components/hint';

/**
 * §2 Situação: an icon with a tooltip. The server names the class (situacao_icon_class, styled
 * in invoices.css) and the pt-BR text (situacao_desc); the shape follows the code.
 */
export function StatusIcon({
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
    <Hint text={description}>
      <span
        className={`app-situacao ${iconClass}`}
        role="img"
        aria-label={description}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- keyboard users reach the tooltip too (WCAG 1.4.13)
        tabIndex={0}
      >
        {icon}
      </span>
    </Hint>
  );
}
