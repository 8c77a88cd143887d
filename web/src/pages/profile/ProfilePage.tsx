import type { Profile } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { fetchProfile } from '../../api/profiles';
import { t } from '../../i18n';
import { queryKeys } from '../../api/queryKeys';
import { useSession } from '../../session/SessionProvider';
import { DiaryList } from './DiaryList';
import { ExportCard } from './ExportCard';
import { PictureUpload } from './PictureUpload';
import { ProfileSummary } from './ProfileSummary';
import { profileErrorText } from './profileView';
import { RecentReviewList } from './RecentReviewList';
import { TasteMatchCard } from './TasteMatchCard';
import './profile.css';

/** The profile; an unsuccessful reply fails the load (ApiError with the server's sentence). */
async function loadProfile(username: string, signal: AbortSignal): Promise<Profile> {
  const reply = await fetchProfile(username, signal);
  if (!reply.success) throw new Error('Not found');
  return reply.profile;
}

// The charts' code loads only when the tab opens.
const StatsTab = lazy(() => import('./StatsTab'));
// The token card (and its date picker) loads only on one's own profile.
const ApiTokensCard = lazy(() => import('./ApiTokensCard'));
// Likewise the notification settings.
const NotificationSettingsCard = lazy(() => import('./NotificationSettingsCard'));
const ChangePasswordCard = lazy(() => import('./ChangePasswordCard'));
const DeleteAccountCard = lazy(() => import('./DeleteAccountCard'));

/** The tabs, in order; `?tab=diary` opens the diary, `?tab=stats` the statistics. */
const TABS = ['reviews', 'diary', 'stats'] as const;

/** /user/profile/{username}: a member's stats, tier, newest reviews and diary; on one's own, the export, notification settings, a new password, API tokens and deleting the account. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  // Read by hand: react-router's useSearchParams would add its code to every page's first load.
  const location = useLocation();
  const navigate = useNavigate();
  const tab = Math.max(0, TABS.indexOf(new URLSearchParams(location.search).get('tab') as (typeof TABS)[number]));
  // Keyed by name: a newer username (or leaving the page) cancels this load, and its late reply shows nowhere.
  const profile = useQuery({ queryKey: queryKeys.profile(username), queryFn: ({ signal }) => loadProfile(username, signal) });

  if (profile.isPending) return <p className="profile-loading">{t('Loading profile...')}</p>;
  if (profile.isLoadingError) {
    return (
      <p className="profile-error" role="alert">
        {profileErrorText(profile.error)}
      </p>
    );
  }

  const shown = profile.data;
  const isOwn = !!user && user.username.toLowerCase() === shown.username.toLowerCase();
  const setPicture = (profile_picture: string | null) =>
    queryClient.setQueryData<Profile>(queryKeys.profile(username), (previous) => (previous ? { ...previous, profile_picture } : previous));

  return (
    <div className="profile-page">
      <ProfileSummary profile={shown}>
        {isOwn ? <PictureUpload hasPicture={!!shown.profile_picture} onChanged={setPicture} /> : null}
      </ProfileSummary>
      {user && !isOwn ? <TasteMatchCard viewer={user.username} member={shown.username} /> : null}
      <TabView
        className="profile-tabs"
        activeIndex={tab}
        onTabChange={(event) => navigate({ search: event.index === 0 ? '' : `?tab=${TABS[event.index]}` }, { replace: true })}
      >
        <TabPanel header={t('Reviews')}>
          <RecentReviewList reviews={shown.recent_reviews} />
        </TabPanel>
        <TabPanel header={t('Diary')}>
          <Card title={t('Diary')} className="profile-diary">
            <DiaryList username={shown.username} isOwn={isOwn} />
          </Card>
        </TabPanel>
        <TabPanel header={t('Stats')}>
          <Card title={t('Stats')} className="profile-stats">
            <Suspense fallback={<p>{t('Loading statistics...')}</p>}>
              <StatsTab username={shown.username} />
            </Suspense>
          </Card>
        </TabPanel>
      </TabView>

      {isOwn ? <ExportCard /> : null}
      {isOwn ? (
        <Suspense fallback={null}>
          <NotificationSettingsCard />
          <ChangePasswordCard />
          <ApiTokensCard />
          <DeleteAccountCard username={shown.username} />
        </Suspense>
      ) : null}
    </div>
  );
}
