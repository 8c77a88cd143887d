import type { Profile } from '@movieclub/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fetchProfile } from '../../api/profiles';
import { useSession } from '../../session/SessionProvider';
import { PictureUpload } from './PictureUpload';
import { ProfileSummary } from './ProfileSummary';
import { profileErrorText } from './profileView';
import { RecentReviewList } from './RecentReviewList';
import './profile.css';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; profile: Profile };

/** /user/profile/{username}: a member's stats, tier and newest reviews. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { user } = useSession();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    // A newer username (or leaving the page) aborts this load and drops its late reply.
    const controller = new AbortController();
    let current = true;
    setState({ status: 'loading' });
    fetchProfile(username, controller.signal)
      .then((reply) => {
        if (!current) return;
        if (reply.success) setState({ status: 'loaded', profile: reply.profile });
        else setState({ status: 'error', message: reply.error || 'Not found' });
      })
      .catch((error: unknown) => {
        if (current) setState({ status: 'error', message: profileErrorText(error) });
      });
    return () => {
      current = false;
      controller.abort();
    };
  }, [username]);

  if (state.status === 'loading') return <p className="profile-loading">Loading profile...</p>;
  if (state.status === 'error') {
    return (
      <p className="profile-error" role="alert">
        {state.message}
      </p>
    );
  }

  const { profile } = state;
  const isOwn = !!user && user.username.toLowerCase() === profile.username.toLowerCase();
  const setPicture = (profile_picture: string | null) =>
    setState((previous) => (previous.status === 'loaded' ? { ...previous, profile: { ...previous.profile, profile_picture } } : previous));

  return (
    <div className="profile-page">
      <ProfileSummary profile={profile}>
        {isOwn ? <PictureUpload hasPicture={!!profile.profile_picture} onChanged={setPicture} /> : null}
      </ProfileSummary>
      <RecentReviewList reviews={profile.recent_reviews} />
    </div>
  );
}
