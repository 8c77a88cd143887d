import type { Profile } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { TabPanel, TabView } from 'primereact/tabview';
import { useParams } from 'react-router-dom';
import { fetchProfile } from '../../api/profiles';
import { queryKeys } from '../../api/queryKeys';
import { useSession } from '../../session/SessionProvider';
import { DiaryList } from './DiaryList';
import { PictureUpload } from './PictureUpload';
import { ProfileSummary } from './ProfileSummary';
import { profileErrorText } from './profileView';
import { RecentReviewList } from './RecentReviewList';
import './profile.css';

/** The profile; an unsuccessful reply fails the load (ApiError with the server's sentence). */
async function loadProfile(username: string, signal: AbortSignal): Promise<Profile> {
  const reply = await fetchProfile(username, signal);
  if (!reply.success) throw new Error('Not found');
  return reply.profile;
}

/** /user/profile/{username}: a member's stats, tier and newest reviews. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  // Keyed by name: a newer username (or leaving the page) cancels this load, and its late reply shows nowhere.
  const profile = useQuery({ queryKey: queryKeys.profile(username), queryFn: ({ signal }) => loadProfile(username, signal) });

  if (profile.isPending) return <p className="profile-loading">Loading profile...</p>;
  if (profile.isError) {
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
      <TabView className="profile-tabs">
        <TabPanel header="Reviews">
          <RecentReviewList reviews={shown.recent_reviews} />
        </TabPanel>
        <TabPanel header="Diary">
          <Card title="Diary" className="profile-diary">
            <DiaryList username={shown.username} isOwn={isOwn} />
          </Card>
        </TabPanel>
      </TabView>
    </div>
  );
}
