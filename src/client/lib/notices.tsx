import { useSyncExternalStore } from 'react';
import Alert from 'react-bootstrap/Alert';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { CLIENT_TEXTS } from '../texts';

/** §8: the four notice levels; they match Bootstrap's contextual variants. */
export type NoticeLevel = 'success' | 'info' | 'warning' | 'danger';

export interface Notice {
  id: number;
  level: NoticeLevel;
  text: string;
  /** Extra lines under the text, e.g. the error list of a failed request (§8). */
  details: readonly string[];
}

/** §9: 1.5 s by default (success), 3 s info, 60 s warning and danger. */
const NOTICE_DURATION_MS: Record<NoticeLevel, number> = {
  success: 1500,
  info: 3000,
  warning: 60_000,
  danger: 60_000,
};

/** §8, §9: every success notice also shows a check-mark flash for 3 s. */
const SUCCESS_FLASH_MS = 3000;

interface NoticeState {
  notices: readonly Notice[];
  /** Changes on every success so the flash restarts; null when hidden. */
  flashKey: number | null;
}

// A module store rather than a React context: the API error handler (§8) runs outside React.
let state: NoticeState = { notices: [], flashKey: null };
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let flashTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function setState(next: NoticeState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function startTimer(notice: Notice): void {
  const previous = timers.get(notice.id);
  if (previous) clearTimeout(previous);
  timers.set(
    notice.id,
    setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS[notice.level]),
  );
}

function showFlash(): void {
  if (flashTimer) clearTimeout(flashTimer);
  flashTimer = setTimeout(() => {
    flashTimer = null;
    setState({ ...state, flashKey: null });
  }, SUCCESS_FLASH_MS);
  setState({ ...state, flashKey: (state.flashKey ?? 0) + 1 });
}

function sameNotice(a: Notice, level: NoticeLevel, text: string, details: readonly string[]) {
  return (
    a.level === level &&
    a.text === text &&
    a.details.length === details.length &&
    a.details.every((line, index) => line === details[index])
  );
}

/**
 * Shows a notice; usable outside React. An identical notice already on screen is not repeated,
 * its time restarts instead (several failing calls often carry the same message).
 * Returns the notice id.
 */
export function notify(level: NoticeLevel, text: string, details: readonly string[] = []): number {
  const existing = state.notices.find((notice) => sameNotice(notice, level, text, details));
  let notice: Notice;
  if (existing) {
    notice = existing;
  } else {
    notice = { id: nextId++, level, text, details: [...details] };
    setState({ ...state, notices: [...state.notices, notice] });
  }
  startTimer(notice);
  if (level === 'success') showFlash();
  return notice.id;
}

function dismissNotice(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!state.notices.some((notice) => notice.id === id)) return;
  setState({ ...state, notices: state.notices.filter((notice) => notice.id !== id) });
}

/** Removes the notices that `obsolete` picks (their timers too). */
export function dismissNotices(obsolete: (notice: Notice) => boolean): void {
  state.notices.filter(obsolete).forEach((notice) => dismissNotice(notice.id));
}

/** Removes every notice and the flash (e.g. between tests, or before leaving the page). */
export function dismissAllNotices(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  if (flashTimer) clearTimeout(flashTimer);
  flashTimer = null;
  setState({ notices: [], flashKey: null });
}

export function getNotices(): readonly Notice[] {
  return state.notices;
}

function getState(): NoticeState {
  return state;
}

function useNoticeState(): NoticeState {
  return useSyncExternalStore(subscribe, getState, getState);
}

function CheckMarkIcon() {
  return (
    <svg viewBox="0 0 16 16" width="40" height="40" fill="currentColor" aria-hidden="true">
      <path d="M16 8A8 8 0 1 1 0 8a8 8 0 0 1 16 0m-3.97-3.03a.75.75 0 0 0-1.08.022L7.477 9.417 5.384 7.323a.75.75 0 0 0-1.06 1.06L6.97 11.03a.75.75 0 0 0 1.079-.02l3.992-4.99a.75.75 0 0 0-.01-1.05z" />
    </svg>
  );
}

/**
 * The fixed corner where notices appear, plus the success flash. Mounted once, by the app.
 * Danger and warning interrupt screen readers (role="alert"); the others wait (role="status").
 */
export function NoticeViewport() {
  const { notices, flashKey } = useNoticeState();
  return (
    <ToastContainer position="top-end" containerPosition="fixed" className="app-notices p-3">
      {flashKey !== null && (
        // In the notices' corner, not the middle of the screen: it must never hide what the
        // success produced, e.g. the ten recovery keys (issue 38).
        <div
          key={flashKey}
          className="app-success-flash text-success"
          role="img"
          aria-label={CLIENT_TEXTS.success}
        >
          <CheckMarkIcon />
        </div>
      )}
      {notices.map((notice) => {
        const urgent = notice.level === 'danger' || notice.level === 'warning';
        return (
          <Alert
            key={notice.id}
            variant={notice.level}
            dismissible
            closeLabel={CLIENT_TEXTS.close}
            onClose={() => dismissNotice(notice.id)}
            role={urgent ? 'alert' : 'status'}
            aria-live={urgent ? 'assertive' : 'polite'}
            className="app-notice shadow-sm"
            data-level={notice.level}
          >
            <div>{notice.text}</div>
            {notice.details.length > 0 && (
              <ul className="mb-0 mt-1 ps-3 small">
                {notice.details.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
          </Alert>
        );
      })}
    </ToastContainer>
  );
}
