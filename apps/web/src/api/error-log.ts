import { API_BASE } from './api-client';

const MAX_REPORTS = 20;
let sent = 0;

/** Send a browser error to `POST /api/error`; fire and forget, never throws. */
export function reportError(message: string, stack?: string): void {
  if (sent >= MAX_REPORTS) return;
  sent += 1;
  try {
    void fetch(`${API_BASE}/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        message: message.slice(0, 2000),
        stack: stack?.slice(0, 10_000),
        url: window.location.href.slice(0, 2000),
      }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never raise a new error.
  }
}

/** Report uncaught errors and unhandled promise rejections. */
export function installErrorReporting(): void {
  window.addEventListener('error', (e) => {
    const err: unknown = e.error;
    reportError(e.message || String(err), err instanceof Error ? err.stack : undefined);
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    if (reason instanceof Error) reportError(reason.message, reason.stack);
    else reportError(String(reason));
  });
}
