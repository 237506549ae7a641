import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';

/** §1: top-navigation dropdowns open on hover after a 50 ms delay. */
const HOVER_DELAY_MS = 50;

/**
 * A NavDropdown that also opens on mouse hover. Click, touch and keyboard keep Bootstrap's own
 * behaviour (only a mouse pointer hovers, so a tap does not open and close it in one go).
 * The "fast" slide-in is CSS (.app-hover-dropdown in styles/app.css).
 */
export function HoverNavDropdown({
  id,
  title,
  align,
  children,
}: {
  id: string;
  title: ReactNode;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const [show, setShow] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const hover = (event: PointerEvent, next: boolean) => {
    if (event.pointerType !== 'mouse') return;
    cancel();
    timer.current = setTimeout(() => setShow(next), HOVER_DELAY_MS);
  };
  useEffect(() => cancel, []);

  return (
    <NavDropdown
      id={id}
      title={title}
      align={align}
      show={show}
      onToggle={(next) => {
        cancel();
        setShow(next);
      }}
      onPointerEnter={(event) => hover(event, true)}
      onPointerLeave={(event) => hover(event, false)}
      className="app-hover-dropdown"
    >
      {children}
    </NavDropdown>
  );
}
