import type { StatsMember } from '@movieclub/contract';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { UserAvatar } from './UserAvatar';
import './seen-by.css';

const SHOWN = 6;

/** Faces in a row; linked to profiles, or (in a list row, where Tab should go from title to buttons) pictures only. */
function Faces({ people, linked = true }: { people: StatsMember[]; linked?: boolean }) {
  return (
    <ul className="seen-by-faces" aria-hidden={linked ? undefined : true}>
      {people.slice(0, SHOWN).map((person) => (
        <li key={person.username} title={person.username}>
          {linked ? (
            <Link to={`/user/profile/${encodeURIComponent(person.username)}`}>
              <UserAvatar username={person.username} picture={person.profile_picture} initial className="seen-by-face" />
            </Link>
          ) : (
            <UserAvatar username={person.username} picture={person.profile_picture} initial className="seen-by-face" />
          )}
        </li>
      ))}
      {people.length > SHOWN && <li className="seen-by-more">+{people.length - SHOWN}</li>}
    </ul>
  );
}

/**
 * Who in the club has seen a movie and who has not: faces (linking to profiles) with
 * the names in words for everyone. Compact: one line for a list row.
 */
export function SeenByAvatars({ seen, notSeen, compact = false }: { seen: StatsMember[]; notSeen: StatsMember[]; compact?: boolean }) {
  const names = (people: StatsMember[]) => people.map((person) => person.username).join(', ');
  if (compact) {
    const total = seen.length + notSeen.length;
    if (total === 0) return null;
    return (
      <span className="seen-by-compact">
        <Faces people={seen} linked={false} />
        <span className="seen-by-count" title={notSeen.length > 0 ? t('Not seen by {{names}}', { names: names(notSeen) }) : undefined}>
          {seen.length === 1 ? t('1 of {{total}} seen it', { total }) : t('{{seen}} of {{total}} seen it', { seen: seen.length, total })}
        </span>
        <span className="visually-hidden">
          {seen.length > 0 ? `: ${names(seen)}` : ''}
          {notSeen.length > 0 ? t('; not yet {{names}}', { names: names(notSeen) }) : ''}
        </span>
      </span>
    );
  }
  return (
    <div className="seen-by">
      <section>
        <h4>{t('Seen it ({{n}})', { n: seen.length })}</h4>
        {seen.length === 0 ? <p className="seen-by-none">{t('Nobody in the club yet.')}</p> : <Faces people={seen} />}
        {seen.length > 0 && <p className="seen-by-names">{names(seen)}</p>}
      </section>
      {/* A club with nobody active yet has no one left to see it either: not 'Everyone… has seen it'. */}
      {seen.length + notSeen.length > 0 && (
        <section>
          <h4>{t('Not yet ({{n}})', { n: notSeen.length })}</h4>
          {notSeen.length === 0 ? <p className="seen-by-none">{t('Everyone in the club has seen it.')}</p> : <Faces people={notSeen} />}
          {notSeen.length > 0 && <p className="seen-by-names">{names(notSeen)}</p>}
        </section>
      )}
    </div>
  );
}
