import { Fragment } from 'react';
import { Link } from 'react-router-dom';

/**
 * Plain text with each `@name` of a mentioned member as a link to their profile; everything
 * else stays text (React escapes it). `mentions` comes from the server: members that exist.
 */
export function MentionText({ text, mentions }: { text: string; mentions: string[] }) {
  if (mentions.length === 0) return <>{text}</>;
  const byName = new Map(mentions.map((name) => [name.toLowerCase(), name]));
  const pieces = text.split(/(?<![\p{L}\p{N}\p{M}_.@+-])(@[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*)(?!@)/u);
  return (
    <>
      {pieces.map((piece, index) => {
        const member = index % 2 === 1 ? byName.get(piece.slice(1).toLowerCase()) : undefined;
        return member ? (
          <Link key={index} to={`/user/profile/${encodeURIComponent(member)}`}>
            @{member}
          </Link>
        ) : (
          <Fragment key={index}>{piece}</Fragment>
        );
      })}
    </>
  );
}
