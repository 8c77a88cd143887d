import type { ListSeenByReply } from '@movieclub/contract';
import { createContext, useContext } from 'react';
import { SeenByAvatars } from '../../components/SeenByAvatars';

/** Who in the club has seen each movie of the shown list; null until it has loaded. */
export const ListSeenByContext = createContext<ListSeenByReply | null>(null);

/** A list row's 'n of m seen it' with the faces of those who have. */
export function ItemSeenBy({ movieId }: { movieId: number }) {
  const seenBy = useContext(ListSeenByContext);
  if (!seenBy) return null;
  const names = new Set((seenBy.seen_by[String(movieId)] ?? []).map((name) => name.toLowerCase()));
  const seen = seenBy.members.filter((member) => names.has(member.username.toLowerCase()));
  const notSeen = seenBy.members.filter((member) => !names.has(member.username.toLowerCase()));
  return <SeenByAvatars seen={seen} notSeen={notSeen} compact />;
}
