import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { VERSION } from '@fieldbook/core';
import { Webhook } from 'standardwebhooks';
import { PrivateAddressError, resolveOutbound } from '../../platform/outbound-guard.js';

/** The bytes of an answer kept for the log; the rest is never read. */
export const RESPONSE_KEEP_BYTES = 1024;

export interface AttemptResult {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status, null when there was none (refused, timed out). */
  status: number | null;
  /** The first 1 KB of the answer's body. */
  body: string | null;
  error: string | null;
  /** Trying again cannot help (a private address while they are refused). */
  permanent: boolean;
}

/** The Standard Webhooks headers for one attempt: signed over id.timestamp.body. */
export function signedHeaders(secret: string, messageId: string, body: string, at: Date) {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
    'content-type': 'application/json',
    'user-agent': `Fieldbook-Webhooks/${VERSION}`,
  };
}

// Text columns refuse NUL; an answer may carry anything.
const keepText = (b: Buffer) =>
  b.subarray(0, RESPONSE_KEEP_BYTES).toString('utf8').replace(/\0/g, '');

/**
 * One POST of a webhook (docs/webhooks.md): the host is resolved and checked
 * here (private, loopback and link-local refused unless `allowPrivate`) and the
 * connection goes to that checked address, so a second DNS answer cannot swap
 * it (DNS rebinding). Redirects are never followed (a 3xx is a failure), the
 * whole attempt (lookup, connect, answer) has `timeoutMs`, and at most the
 * first 1 KB of the answer is read before the connection is dropped.
 */
export async function postWebhook(opts: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs: number;
}): Promise<AttemptResult> {
  const failed = (error: string, permanent = false): AttemptResult => ({
    ok: false,
    status: null,
    body: null,
    error,
    permanent,
  });
  let u: URL;
  try {
    u = new URL(opts.url);
  } catch {
    return failed('The endpoint URL is not a URL', true);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && opts.allowPrivate))
    return failed('Only https endpoints are called', true);
  const started = Date.now();
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  let address: string;
  try {
    address = await resolveOutbound(host, {
      allowPrivate: opts.allowPrivate,
      timeoutMs: opts.timeoutMs,
    });
  } catch (e) {
    if (e instanceof PrivateAddressError)
      return failed(`Refused: ${host} is a private or local network address`, true);
    return failed(e instanceof Error ? e.message : String(e));
  }
  const family = isIP(address);
  // Every connection of this request goes to the address checked above.
  const lookup: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const left = Math.max(opts.timeoutMs - (Date.now() - started), 1);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = (u.protocol === 'https:' ? https : http).request(
      {
        protocol: u.protocol,
        hostname: host,
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) },
        lookup,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? 0;
        const done = () => {
          const body = keepText(Buffer.concat(chunks));
          const ok = status >= 200 && status < 300;
          const redirect = status >= 300 && status < 400;
          finish({
            ok,
            status,
            body,
            error: ok
              ? null
              : redirect
                ? `Answered ${status} (a redirect, not followed)`
                : `Answered ${status}`,
            permanent: false,
          });
        };
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_KEEP_BYTES) chunks.push(c);
          size += c.length;
          // Enough for the log: the rest is not read.
          if (size >= RESPONSE_KEEP_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(failed(`No answer within ${Math.round(opts.timeoutMs / 1000)} s`));
    }, left);
    request.on('error', (e) => finish(failed(e.message)));
    request.end(opts.body);
  });
}
