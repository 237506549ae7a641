import { act, fireEvent, render, screen } from '@testing-library/react';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HoverNavDropdown } from './hover-nav-dropdown';

beforeEach(() => {
  vi.useFakeTimers();
});

// fireEvent rather than user-event: user-event's waits never end under vitest's fake timers,
// and the 50 ms are the point of these tests. jsdom has no PointerEvent, so a MouseEvent
// carries the pointer type, as React reads it.
function pointer(target: Element, type: 'pointerover' | 'pointerout', pointerType: string) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(target, event);
}

function renderMenu() {
  render(
    <HoverNavDropdown id="menu" title="Conta">
      <NavDropdown.Item href="#dados">Meus dados</NavDropdown.Item>
    </HoverNavDropdown>,
  );
  const toggle = screen.getByRole('button', { name: 'Conta' });
  return {
    toggle,
    enter: () => pointer(toggle, 'pointerover', 'mouse'),
    leave: () => pointer(toggle, 'pointerout', 'mouse'),
  };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('HoverNavDropdown (§1)', () => {
  it('opens 50 ms after the mouse enters and closes 50 ms after it leaves', () => {
    const { toggle, enter, leave } = renderMenu();
    enter();
    advance(49);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    advance(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Meus dados' })).toBeInTheDocument();

    leave();
    advance(49);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    advance(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open when the mouse only passes over it', () => {
    const { toggle, enter, leave } = renderMenu();
    enter();
    advance(20);
    leave();
    advance(40); // past the moment it would have opened
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    advance(100);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignores touch "hover", and still opens and closes with a click or tap', () => {
    const { toggle } = renderMenu();
    pointer(toggle, 'pointerover', 'touch');
    advance(100);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
