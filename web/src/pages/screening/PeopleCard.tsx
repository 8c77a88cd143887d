import type { ScreeningDetail } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar';
import { t } from '../../i18n';

const groups = () =>
  [
    { status: 'yes', heading: t('Going') },
    { status: 'maybe', heading: t('Maybe') },
    { status: 'no', heading: t('Not going') },
  ] as const;

function People({ people }: { people: { username: string; profile_picture: string | null }[] }) {
  return (
    <ul className="screening-people">
      {people.map((person) => (
        <li key={person.username}>
          <Link to={`/user/profile/${encodeURIComponent(person.username)}`} className="screening-person">
            <UserAvatar username={person.username} picture={person.profile_picture} initial decorative />
            <span>{person.username}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Who answered what, with their pictures; once recorded, who came. */
export function PeopleCard({ screening }: { screening: ScreeningDetail }) {
  return (
    <Card title={t('Who is coming')} className="people-card">
      {screening.rsvps.length === 0 && <p className="screening-hint">{t('Nobody has answered yet.')}</p>}
      {groups().map(({ status, heading }) => {
        const people = screening.rsvps.filter((rsvp) => rsvp.status === status);
        if (people.length === 0) return null;
        return (
          <section key={status} className="people-group">
            <h4>
              {heading} ({people.length})
            </h4>
            <People people={people} />
          </section>
        );
      })}
      {screening.attendees.length > 0 && (
        <section className="people-group">
          <h4>
            {t('Came')} ({screening.attendees.length})
          </h4>
          <People people={screening.attendees} />
        </section>
      )}
    </Card>
  );
}
