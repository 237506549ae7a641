import { cloneElement, lazy, Suspense, useRef, useState, type ReactElement, type Ref } from 'react';
import type { HintPlacement } from './hint-overlay';
import { loadCode } from '../lib/code-loading';

const HintOverlay = lazy(() => loadCode(() => import('./hint-overlay')));

type HintTarget = ReactElement<{
  ref?: Ref<HTMLElement>;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
}>;

/**
 * A tooltip on hover and keyboard focus (§1 "tooltips are enabled"), the one the whole portal uses.
 * The overlay (react-bootstrap's Overlay and Popper) is mounted, and downloaded, only when first
 * needed: a list of hundreds of invoices has three tooltips per row, and the login's fields carry
 * the §5 required marker within the login route's download budget. The target element itself is
 * never replaced, so a click or the keyboard focus that arms the tooltip is not lost.
 */
export function Hint({
  text,
  placement = 'top',
  children,
}: {
  text: string;
  placement?: HintPlacement;
  children: HintTarget;
}) {
  const target = useRef<HTMLElement>(null);
  const [armed, setArmed] = useState(false);
  const [show, setShow] = useState(false);
  const open = () => {
    setArmed(true);
    setShow(true);
  };
  const close = () => setShow(false);
  return (
    <>
      {cloneElement(children, {
        ref: target,
        onMouseEnter: open,
        onMouseLeave: close,
        onFocus: open,
        onBlur: close,
      })}
      {armed && (
        <Suspense fallback={null}>
          <HintOverlay target={target} show={show} text={text} placement={placement} />
        </Suspense>
      )}
    </>
  );
}
