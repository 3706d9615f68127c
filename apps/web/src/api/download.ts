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

/** A file fetched from the API: its bytes and the name the server gave it. */
export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  fileName: string | null;
}

/**
 * Fetch an API file with the session headers (a plain link cannot send them):
 * GET, or POST with a JSON `body`. Throws ApiError on a refusal or a network failure.
 */
export async function fetchFile(path: string, body?: unknown): Promise<FetchedFile> {
  let res: Response;
  try {
    res = await fetch(
      apiUrl(path),
      body === undefined
        ? { headers: authHeaders() }
        : {
            method: 'POST',
            headers: { ...authHeaders(), 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
  } catch {
    throw new ApiError('No connection to the server. Please try again.', 0);
  }
  if (!res.ok) {
    let message = res.statusText || 'The download failed';
    try {
      const err = (await res.json()) as { error?: string };
      if (err.error) message = err.error;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(message, res.status);
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition')) };
}

/**
 * GET an API file and save it. The name comes from the server's
 * Content-Disposition, else `fallbackName`. Throws ApiError like fetchFile.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const file = await fetchFile(path);
  saveBlob(file.blob, file.fileName ?? fallbackName);
}
