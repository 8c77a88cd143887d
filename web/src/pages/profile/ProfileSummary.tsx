import type { Profile } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import type { ReactNode } from 'react';
import { formatPercent, t } from '../../i18n';
import { averageText, borderColorFor, hoursText, localDate, nextTierText, progressLabelColor } from './profileView';
import { withBase } from '../../lib/basePath';

/** Picture framed in the level's colour, name, joined date, the four stats and the tier bar. */
export function ProfileSummary({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const { level } = profile;
  const nextTier = nextTierText(profile.total_reviews, level.next_level_at);
  const border = borderColorFor(level.level);
  return (
    <Card className="profile-summary">
      <div className="profile-identity">
        <div className="profile-picture-frame" style={{ borderColor: border }} data-testid="profile-picture">
          {profile.profile_picture ? (
            <img src={withBase(profile.profile_picture)} alt={profile.username} className="profile-picture" />
          ) : (
            <i className="pi pi-user profile-picture-placeholder" role="img" aria-label={profile.username} />
          )}
        </div>
        <div className="profile-name-block">
          <h2 className="profile-username">{profile.username}</h2>
          <div className="profile-joined">
            <span>{t('Joined')}</span> <span>{localDate(profile.joined)}</span>
          </div>
          {children}
        </div>
      </div>
      <dl className="profile-stats">
        <div className="profile-stat">
          <dt>{t('Reviews')}</dt>
          <dd>{profile.total_reviews}</dd>
        </div>
        <div className="profile-stat">
          <dt>{t('Average Rating')}</dt>
          <dd>{averageText(profile.average_rating)}</dd>
        </div>
        <div className="profile-stat">
          <dt>{t('Level')}</dt>
          <dd>{level.level}</dd>
        </div>
        <div className="profile-stat">
          <dt>{t('Tier')}</dt>
          <dd>{level.level_name}</dd>
        </div>
        <div className="profile-stat">
          <dt>{t('Films This Year')}</dt>
          <dd>{profile.films_this_year ?? 0}</dd>
        </div>
        <div className="profile-stat">
          <dt>{t('Hours Watched')}</dt>
          <dd>{hoursText(profile.hours_watched)}</dd>
        </div>
      </dl>
      <div className="profile-tier">
        <ProgressBar
          value={level.progress_pct}
          color={border}
          aria-label={t('Progress to next tier')}
          displayValueTemplate={formatPercent}
          pt={{ label: { style: { color: progressLabelColor(border, level.progress_pct) } } }}
        />
        {nextTier ? <div className="profile-next-tier">{nextTier}</div> : null}
      </div>
    </Card>
  );
}
