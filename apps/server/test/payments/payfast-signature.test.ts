import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formSignature,
  itnParamString,
  itnSignatureValid,
  orderedFormFields,
  parseFormBody,
  phpUrlencode,
  signedForm,
  type FormField,
} from '../../src/platform/payfast.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const pairs = (o: Record<string, string>): FormField[] =>
  Object.entries(o).map(([name, value]) => ({ name, value }));

describe("PayFast's pay form signature", () => {
  /**
   * PayFast's own example: Payfast/payfast-php-sdk, tests/unit/AuthTest.php
   * (testGenerateSignatureOrdering): these fields, given in a shuffled order,
   * with passphrase 'payfastsandbox', sign to 3441682c5d8a65486f5b7cc8ce41d146.
   */
  it("gives the signature of PayFast's SDK test, whatever order the fields come in", () => {
    const data = {
      merchant_id: '10028084',
      merchant_key: '4hjoenwbwnuso',
      subscription_type: '1',
      m_payment_id: '5',
      amount: '5.00',
      recurring_amount: '5',
      billing_date: '2023-01-01',
      frequency: '3',
      cycles: '0',
      // rtrim(base64_encode('Some Test String'), '=') and the same of 'Another Test String'
      custom_str1: 'U29tZSBUZXN0IFN0cmluZw',
      custom_int1: '1',
      custom_int2: '1',
      custom_str2: 'QW5vdGhlciBUZXN0IFN0cmluZw',
      item_name: 'Test',
      name_last: 'Test',
      name_first: 'Test',
      email_address: 'test@test.com',
      confirmation_address: 'test@test.test',
      email_confirmation: '1',
      return_url: 'https://test.com/billing/success',
      cancel_url: 'https://test.com/billing/cancel',
      notify_url: 'https://test.com/payfast/webhook',
    };
    expect(formSignature(data, 'payfastsandbox')).toBe('3441682c5d8a65486f5b7cc8ce41d146');
    const reversed = Object.fromEntries(Object.entries(data).reverse());
    expect(formSignature(reversed, 'payfastsandbox')).toBe('3441682c5d8a65486f5b7cc8ce41d146');
    // Without the passphrase the signature is another one.
    expect(formSignature(data, null)).not.toBe('3441682c5d8a65486f5b7cc8ce41d146');
  });

  it("lists the fields in PayFast's order, trimmed, blank ones left out, the signature last", () => {
    const form = signedForm(
      {
        item_name: ' Invoice INV00042 ',
        amount: '115.00',
        m_payment_id: 'abc',
        merchant_key: '46f0cd694581a',
        merchant_id: '10000100',
        name_first: '',
        name_last: '   ',
        custom_str1: 'co-1',
        email_address: 'jane@example.test',
      },
      null,
    );
    expect(form.map((f) => f.name)).toEqual([
      'merchant_id',
      'merchant_key',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'custom_str1',
      'signature',
    ]);
    expect(form.find((f) => f.name === 'item_name')!.value).toBe('Invoice INV00042');
    // An independently written parameter string (PHP urlencode by hand) gives the same MD5.
    expect(form.at(-1)!.value).toBe(
      md5(
        'merchant_id=10000100&merchant_key=46f0cd694581a&email_address=jane%40example.test' +
          '&m_payment_id=abc&amount=115.00&item_name=Invoice+INV00042&custom_str1=co-1',
      ),
    );
  });

  it('appends the trimmed, encoded passphrase', () => {
    const data = { merchant_id: '1', amount: '1.00', item_name: 'A' };
    expect(formSignature(data, ' my pass~ ')).toBe(
      md5('merchant_id=1&amount=1.00&item_name=A&passphrase=my+pass%7E'),
    );
  });

  it('drops names PayFast does not sign', () => {
    const data = { merchant_id: '1', signature: 'x', evil: 'y' } as Record<string, string>;
    expect(orderedFormFields(data)).toEqual([{ name: 'merchant_id', value: '1' }]);
  });
});

describe("PHP's urlencode", () => {
  it('encodes as PHP does: + for space, upper-case hex, ~ and friends encoded, UTF-8 bytes', () => {
    expect(phpUrlencode('a b')).toBe('a+b');
    expect(phpUrlencode('https://x.co/a?b=c&d')).toBe('https%3A%2F%2Fx.co%2Fa%3Fb%3Dc%26d');
    expect(phpUrlencode("!'()*~")).toBe('%21%27%28%29%2A%7E');
    expect(phpUrlencode('-_.AZaz09')).toBe('-_.AZaz09');
    expect(phpUrlencode('Zoë & Sons')).toBe('Zo%C3%AB+%26+Sons');
    expect(phpUrlencode('a+b')).toBe('a%2Bb');
  });
});

describe("PayFast's notification signature", () => {
  /**
   * PayFast's own example: Payfast/payfast-php-sdk,
   * tests/PaymentIntegrations/NotificationTest.php (setUp and
   * testSignatureCheck): a sandbox ITN without a passphrase whose signature is
   * 4078bca2c8987e0e0c4e7230f2f46323; testInvalidSignatureCheck changes
   * amount_gross to 11.00 and expects the check to fail.
   */
  const itn = pairs({
    m_payment_id: '000000020',
    pf_payment_id: '1579137',
    payment_status: 'COMPLETE',
    item_name: 'Order #000000020',
    item_description: '',
    amount_gross: '15.00',
    amount_fee: '-2.30',
    amount_net: '12.70',
    custom_str1: '',
    custom_str2: '',
    custom_str3: '',
    custom_str4: '',
    custom_str5: '',
    custom_int1: '',
    custom_int2: '',
    custom_int3: '',
    custom_int4: '',
    custom_int5: '',
    name_first: 'Tom',
    name_last: 'Tom',
    email_address: 'lindley+user1@appinlet.com',
    merchant_id: '10027938',
    signature: '4078bca2c8987e0e0c4e7230f2f46323',
  });

  it("accepts PayFast's example and refuses it with the amount changed", () => {
    expect(itnSignatureValid(itn, null)).toBe(true);
    expect(itnSignatureValid(itn, '')).toBe(true);
    const changed = itn.map((p) => (p.name === 'amount_gross' ? { ...p, value: '11.00' } : p));
    expect(itnSignatureValid(changed, null)).toBe(false);
    // Same fields with a passphrase the merchant does not have: refused.
    expect(itnSignatureValid(itn, 'secret')).toBe(false);
  });

  it('signs the fields in the order received, blank ones included, stopping at signature', () => {
    const s = itnParamString(itn);
    expect(s.startsWith('m_payment_id=000000020&pf_payment_id=1579137&')).toBe(true);
    expect(s).toContain('&item_description=&amount_gross=15.00&');
    expect(s).toContain('email_address=lindley%2Buser1%40appinlet.com&merchant_id=10027938');
    expect(s.endsWith('merchant_id=10027938')).toBe(true);
    // Another order is another string, so another signature.
    expect(itnSignatureValid([...itn].reverse(), null)).toBe(false);
  });

  it('reads a raw form body in order, with + as a space, and checks a passphrase', () => {
    const body = 'm_payment_id=1&item_name=Order+%231&amount_gross=10.00&merchant_id=10000100';
    const posted = parseFormBody(body);
    expect(posted.map((p) => p.value)).toEqual(['1', 'Order #1', '10.00', '10000100']);
    const sig = md5(`${body}&passphrase=jt7NOE43FZPn`);
    expect(itnSignatureValid([...posted, { name: 'signature', value: sig }], 'jt7NOE43FZPn')).toBe(
      true,
    );
    expect(itnSignatureValid([...posted, { name: 'signature', value: sig }], null)).toBe(false);
  });
});
