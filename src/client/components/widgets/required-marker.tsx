import { Hint } from '../hint';

const REQUIRED_TEXT = 'Campo obrigatório.';

/**
 * §5 required marker: '*' with the tooltip 'Campo obrigatório.'. Hidden from screen readers,
 * which hear aria-required on the input instead (and the label keeps its plain name).
 */
export function RequiredMarker() {
  return (
    <Hint text={REQUIRED_TEXT}>
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
    </Hint>
  );
}
