import type { Tx } from '../db/client.js';
import type { Sealer } from './crypto.js';
import { sampleSealedSecrets } from './stored-secrets.repo.js';

/** The server must not start: stored secrets and the key do not belong together. */
export class SecretKeyError extends Error {}

const HOW =
  'Restore secret.key from the same backup as the database into DATA_DIR (npm run restore does), ' +
  'or set SECRET_KEY to the key the secrets were sealed with (docs/operations.md).';

/**
 * Before a key is generated: a database that already holds sealed secrets
 * needs its own key, and a new one would silently make them unreadable
 * (PayFast notifications would fail, SMTP passwords could not be opened).
 */
export async function refuseNewKeyForSealedSecrets(db: Tx, keyFile: string): Promise<void> {
  const sealed = await sampleSealedSecrets(db);
  if (sealed.length)
    throw new SecretKeyError(
      `The database holds sealed secrets (SMTP passwords, PayFast passphrases) but there is no key: ` +
        `${keyFile} is missing and SECRET_KEY is not set. ${HOW}`,
    );
}

/** Every sampled secret must open with the key; otherwise the server refuses to start. */
export async function checkSealedSecrets(db: Tx, sealer: Sealer): Promise<void> {
  for (const { company, sealed } of await sampleSealedSecrets(db)) {
    try {
      sealer.open(sealed);
    } catch {
      throw new SecretKeyError(
        `Stored secrets (SMTP passwords, PayFast passphrases; first: company "${company}") ` +
          `do not open with this secret key. ${HOW}`,
      );
    }
  }
}
