import type { TChatMessage, TChatRoom, TChatUser } from '@fieldbook/core';
import type { MessageRow, RoomRow, UserRow } from './chat.repo.js';

export const presentUser = (u: UserRow): TChatUser => ({
  _id: u.id,
  username: u.username,
  name: u.name,
  surname: u.surname,
});

export const presentMessage = (m: MessageRow): TChatMessage => ({
  _id: m.id,
  roomId: m.roomId,
  message: m.text,
  createdAt: m.createdAt.toISOString(),
  user: m.user && presentUser(m.user),
});

export function presentRoom(
  room: RoomRow,
  members: UserRow[],
  last: MessageRow | undefined,
  unread: number,
): TChatRoom {
  return {
    _id: room.id,
    company: room.companyId,
    chatName: room.chatName,
    users: members.map(presentUser),
    lastMessage: last ? presentMessage(last) : null,
    unread,
  };
}
