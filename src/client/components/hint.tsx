import type { ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

/**
 * A tooltip on hover and keyboard focus (§1 "tooltips are enabled"). The child must accept a ref
 * and focus/mouse handlers (a DOM element or a react-bootstrap component).
 */
export function Hint({
  text,
  placement = 'bottom',
  children,
}: {
  text: string;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  children: ReactElement;
}) {
  return (
    <OverlayTrigger placement={placement} overlay={<Tooltip>{text}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
