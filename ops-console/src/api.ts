// The ops API from the page: the session cookie goes along by itself (same origin), and
// every request that changes state carries the session's CSRF token.

export class OpsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrf = '';

/** setCSRF keeps the token /admin/session gave the page. */
export function setCSRF(token: string): void {
  csrf = token;
}

/** call sends a request to the admin app and returns its JSON, or throws the API's error in words. */
export async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = contentType;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new OpsError(0, 'network', 'The edge did not answer. Check the connection and try again.');
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: reported below from the status
  }
  if (!res.ok) {
    const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new OpsError(res.status, err?.code ?? 'error', err?.message ?? `The edge answered ${res.status}.`);
  }
  return json as T;
}
