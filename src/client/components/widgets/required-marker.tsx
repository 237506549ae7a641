import { Hint } from '../hint';

export const REQUIRED_TEXT = 'Campo obrigatório.';

/** §5 required marker: '*' with the tooltip 'Campo obrigatório.'. */
export function RequiredMarker() {
  return (
    <Hint text={REQUIRED_TEXT} placement="top">
      <span className="text-danger ms-1" aria-label={REQUIRED_TEXT} role="img" tabIndex={0}>
        *
      </span>
    </Hint>
  );
}
