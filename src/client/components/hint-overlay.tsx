import type { RefObject } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Tooltip from 'react-bootstrap/Tooltip';

export type HintPlacement = 'top' | 'bottom' | 'left' | 'right';

/** The tooltip itself, in its own chunk: Hint loads it on the first hover or focus. */
export default function HintOverlay({
  target,
  show,
  text,
  placement,
}: {
  target: RefObject<HTMLElement | null>;
  show: boolean;
  text: string;
  placement: HintPlacement;
}) {
  return (
    <Overlay target={target} show={show} placement={placement}>
      <Tooltip>{text}</Tooltip>
    </Overlay>
  );
}
