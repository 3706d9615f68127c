import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newSecret } from '../../src/areas/webhooks/webhooks.service.js';
import { signedHeaders } from '../../src/areas/webhooks/webhooks.send.js';
import { jittered } from '../../src/areas/webhooks/webhooks.queue.js';
import { WEBHOOK_BACKOFF_MS, loadConfig } from '../../src/config.js';

/**
 * The signing an integrator checks: the server's headers against the
 * standardwebhooks library and against the plain node:crypto check printed
 * in docs/webhooks.md (read from the page, so the page cannot drift).
 */
type Check = (secret: string, headers: Record<string, string>, body: string) => boolean;

function docsCheck(): Check {
  const page = fs.readFileSync(path.resolve(__dirname, '../../../../docs/webhooks.md'), 'utf8');
  const block = [...page.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes('function verifyFieldbook'));
  expect(block).toBeDefined();
  const code = block!.replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', `${code}\nreturn verifyFieldbook;`)(
    createHmac,
    timingSafeEqual,
  ) as Check;
}

describe('the webhook signature', () => {
  const secret = newSecret();
  const body = JSON.stringify({ type: 'invoice.paid', timestamp: 'x', data: { total: 1150 } });
  const headers = signedHeaders(secret, 'msg_abc', body, new Date());

  it('is a whsec_ secret of 32 bytes and a v1 HMAC-SHA256 over id.timestamp.body', () => {
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`msg_abc.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);
  });

  it('verifies with the standardwebhooks library and with the docs check, and only then', () => {
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'invoice.paid' });
    const check = docsCheck();
    expect(check(secret, headers, body)).toBe(true);
    expect(check(secret, headers, body.replace('1150', '1151'))).toBe(false);
    expect(check(newSecret(), headers, body)).toBe(false);
    const stale = signedHeaders(secret, 'msg_abc', body, new Date(Date.now() - 600_000));
    expect(check(secret, stale, body)).toBe(false);
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
  });

  it('retries for about three days, jittered by a fifth either way', () => {
    const total = WEBHOOK_BACKOFF_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(74);
    expect(loadConfig({}).webhooks).toMatchObject({
      allowPrivate: false,
      timeoutMs: 15_000,
      backoffMs: WEBHOOK_BACKOFF_MS,
    });
    expect(loadConfig({ WEBHOOKS_BACKOFF_MS: '10, 20' }).webhooks.backoffMs).toEqual([10, 20]);
    expect(() => loadConfig({ WEBHOOKS_BACKOFF_MS: '10,x' })).toThrow(/WEBHOOKS_BACKOFF_MS/);
    expect(jittered(1000, () => 0)).toBe(800);
    expect(jittered(1000, () => 0.999999)).toBe(1200);
  });
});
