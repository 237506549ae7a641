import { useEffect, useRef } from 'react';
import type { AltchaWidgetProps } from '../components/altcha-widget';

/** How many widgets were mounted: each one is a new challenge. Reset it before each test. */
export const fakeAltcha = { challenges: 0 };

/**
 * Stands in for the ALTCHA widget in jsdom (no workers, no proof of work): a checkbox that
 * "solves" its challenge when ticked, the solution naming the challenge ('solucao-1', ...).
 * Use with
 * `vi.mock('<path>/components/altcha-widget', () => import('<path>/testing/fake-altcha-widget'))`.
 */
export default function FakeAltchaWidget({ onToken }: AltchaWidgetProps) {
  const challenge = useRef(0);
  useEffect(() => {
    // Counted when mounted, so a render React throws away does not count.
    fakeAltcha.challenges += 1;
    challenge.current = fakeAltcha.challenges;
  }, []);
  return (
    <label>
      <input
        type="checkbox"
        onChange={(event) => onToken(event.target.checked ? `solucao-${challenge.current}` : null)}
      />{' '}
      Eu não sou um robô
    </label>
  );
}
