import { cloneElement, useRef, useState, type ReactElement, type Ref } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Tooltip from 'react-bootstrap/Tooltip';

type HintTarget = ReactElement<{
  ref?: Ref<HTMLElement>;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
}>;

/**
 * A tooltip on hover and keyboard focus (§1 "tooltips are enabled"; react-bootstrap's Overlay, the
 * piece OverlayTrigger is made of) whose overlay is mounted only when first needed. A list of
 * hundreds of invoices has three tooltips per row; mounting them all up front made switching
 * filters several times slower. The target element itself is never replaced, so a click or the
 * keyboard focus that arms the tooltip is not lost.
 */
export function LazyHint({ text, children }: { text: string; children: HintTarget }) {
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
      {cloneElement(children, { ref: target, onMouseEnter: open, onMouseLeave: close, onFocus: open, onBlur: close })}
      {armed && (
        <Overlay target={target} show={show} placement="top">
          <Tooltip>{text}</Tooltip>
        </Overlay>
      )}
    </>
  );
}
