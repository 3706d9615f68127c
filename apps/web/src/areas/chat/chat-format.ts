import type { TChatRoom, TChatUser } from '@fieldbook/core';

const pad = (n: number) => String(n).padStart(2, '0');

/** A chat timestamp as the specification writes it: YYYY/MM/DD HH:mm, in the browser's time. */
export function chatTime(iso: string): string {
  const d = new Date(iso);
  if (isNaN(d.getTime())) return '';
  return (
    `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}`
  );
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
