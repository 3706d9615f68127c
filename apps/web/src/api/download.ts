import { ApiError, apiUrl, authHeaders } from './api-client';

/** The file name of a Content-Disposition header, if it names one. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** Hand a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET an API file with the session headers (a plain link cannot send them) and
 * save it. The name comes from the server's Content-Disposition, else `fallbackName`.
 * Throws ApiError on a refusal or a network failure.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { headers: authHeaders() });
  } catch {
    throw new ApiError('No connection to the server. Please try again.', 0);
  }
  if (!res.ok) {
    let message = res.statusText || 'The download failed';
    try {
      const body = (await res.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(message, res.status);
  }
  const blob = await res.blob();
  saveBlob(blob, fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName);
}
