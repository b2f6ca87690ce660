// The chats a LINE account talks in: 1:1 with a user, or a group or a multi-person chat (a room) it was added
// to. A conversation belongs to the chat, not to whoever wrote in it: replies, pushes and read marks go back
// to the chat a message came from, so an answer meant for one customer never lands in a group they are in.
// LINE's ids say which kind a chat is: users start with U, groups with C, rooms with R.

export type LineChatKind = 'user' | 'group' | 'room';

export function lineChatKind(chatId: string): LineChatKind {
  if (chatId.startsWith('C')) return 'group';
  if (chatId.startsWith('R')) return 'room';
  return 'user';
}

/** Where a webhook event happened: the chat's id, and in a group or room the member who acted, if LINE says. */
export function lineChatOf(source: {
  type: string;
  userId?: string;
  groupId?: string;
  roomId?: string;
}): { chatId: string; kind: LineChatKind; memberId: string | null } | null {
  if (source.type === 'group' && source.groupId)
    return { chatId: source.groupId, kind: 'group', memberId: source.userId ?? null };
  if (source.type === 'room' && source.roomId)
    return { chatId: source.roomId, kind: 'room', memberId: source.userId ?? null };
  if (source.type === 'user' && source.userId) return { chatId: source.userId, kind: 'user', memberId: null };
  return null;
}
