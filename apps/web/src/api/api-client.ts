import { getSession, setSession } from './session-store';

/** The API base: every call lives under /api (DECISIONS §1). */
export const API_BASE = '/api';

/** An error answer of the API: `{ error, fields? }` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/** The URL of an image path the API hands out, such as `/images/<uuid>`. */
export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The session headers of a signed-in call (DECISIONS §1). */
export function authHeaders(): Record<string, string> {
  const session = getSession();
  if (!session) return {};
  return {
    username: session.user.username,
    token: session.token,
    Authorization: `Bearer ${session.token}`,
  };
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error: res.ok ? 'The server sent an answer that is not JSON' : text.slice(0, 300) };
  }
}

interface RequestOptions {
  body?: unknown;
  form?: FormData;
  /** Send no session headers (public calls such as sign-in). */
  anonymous?: boolean;
  /** More headers (an offline change's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** One call to the API; throws ApiError on a 4xx/5xx answer or a network failure. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    ...(options.anonymous ? {} : authHeaders()),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { method, headers, body });
  } catch {
    throw new ApiError('No connection to the server. Please try again.', 0);
  }
  const data = await parseBody(res);
  if (!res.ok) {
    const err = (data ?? {}) as {
      error?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    // A revoked or expired session signs the browser out.
    if (res.status === 401 && headers.token) setSession(null);
    throw new ApiError(err.error ?? err.message ?? res.statusText, res.status, err.fields);
  }
  return data as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown) =>
  apiRequest<T>('POST', path, { body: body ?? {} });
export const apiUpload = <T>(path: string, form: FormData) => apiRequest<T>('POST', path, { form });
export const apiPublicPost = <T>(path: string, body: unknown) =>
  apiRequest<T>('POST', path, { body, anonymous: true });

/** The message to show for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
