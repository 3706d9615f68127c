import { DEFAULT_TIME_ZONE, chatTimestamp, type TChatRoom, type TChatUser } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';

/** A chat timestamp as the specification writes it (YYYY/MM/DD HH:mm), on the company's clock. */
export function useChatTime(): (iso: string) => string {
  const { company } = useCurrentCompany();
  const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  return (iso) => (isNaN(Date.parse(iso)) ? '' : chatTimestamp(iso, zone));
}

export const personName = (u: Pick<TChatUser, 'name' | 'surname' | 'username'>) =>
  `${u.name} ${u.surname}`.trim() || u.username;

/** A room's name: its chat name, else the other members' names. */
export function roomTitle(room: TChatRoom, meId: string): string {
  if (room.chatName) return room.chatName;
  const others = room.users.filter((u) => u._id !== meId).map(personName);
  return others.length ? others.join(', ') : 'Only you';
}

export const initials = (title: string) =>
  title
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
