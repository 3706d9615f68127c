import type { TCompanySummary, TPasskeyList, TTwoFactorStatus } from '@fieldbook/core';

/**
 * Whether the member must turn on a second factor before working in the
 * company: it asks for one, and the member is known to have neither TOTP
 * nor a passkey (docs/auth.md).
 */
export function mustSetUpTwoFactor(
  company: Pick<TCompanySummary, 'requireTwoFactor'> | undefined,
  status: Pick<TTwoFactorStatus, 'enabled'> | undefined,
  passkeys: Pick<TPasskeyList, 'passkeys'> | undefined,
): boolean {
  return (
    !!company?.requireTwoFactor && status?.enabled === false && passkeys?.passkeys.length === 0
  );
}
