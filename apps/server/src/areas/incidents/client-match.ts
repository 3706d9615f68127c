/** A live client as the matcher needs it. */
export interface ClientName {
  id: string;
  name: string;
  surname: string;
  email: string;
}

/**
 * The form in which client names are compared: trimmed, inner spaces
 * collapsed, lower case. Done here rather than in SQL so that non-ASCII names
 * compare the same whatever the database's collation.
 */
export const clientKey = (s: string) =>
  s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** "name surname", or the name alone when the surname is empty. */
export const displayName = (c: { name: string; surname: string }) =>
  `${c.name} ${c.surname}`.trim();

/**
 * DECISIONS §6: a name read from a file (or typed in the Fix dialog) names a
 * client when it equals, case-insensitively, the client's "name surname" (or
 * its name alone when the surname is empty). Answers every match, so callers
 * can tell none from several.
 */
export function clientMatcher(clients: ClientName[]): (value: string) => ClientName[] {
  const byKey = new Map<string, ClientName[]>();
  for (const c of clients) {
    const k = clientKey(displayName(c));
    const list = byKey.get(k);
    if (list) list.push(c);
    else byKey.set(k, [c]);
  }
  return (value) => {
    const k = clientKey(value);
    return k ? (byKey.get(k) ?? []) : [];
  };
}

/** "matches no client" / "matches 2 clients", for incident descriptions. */
export const matchWording = (n: number) => (n === 0 ? 'matches no client' : `matches ${n} clients`);
