import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@movieclub/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ChangeEvent, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { removeProfilePicture, uploadProfilePicture } from '../../api/profiles';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';

/** On one's own profile: choose a new picture (checked and re-encoded by the server) or remove it. */
export function PictureUpload({ hasPicture, onChanged }: { hasPicture: boolean; onChanged(picture: string | null): void }) {
  const { refresh } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const change = useMutation({
    mutationFn: async ({ work }: { work: () => Promise<{ profile_picture: string | null }>; fallback: string }) => {
      const reply = await work();
      onChanged(reply.profile_picture);
      await refresh(); // the header chip shows the new picture
    },
    onError: (failure, { fallback }) => setError(errorText(failure, fallback)),
  });
  const busy = change.isPending;
  const run = (work: () => Promise<{ profile_picture: string | null }>, fallback: string) => {
    setError('');
    change.mutate({ work, fallback });
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      // PROFILE_PICTURE_TOO_LARGE in the client's language (the server says it in English).
      setError(t('The picture must be at most {{mb}} MB.', { mb: PROFILE_PICTURE_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    run(() => uploadProfilePicture(file), t('The picture could not be uploaded.'));
  };

  return (
    <div className="profile-picture-upload">
      <input
        ref={input}
        id="profile-picture-input"
        type="file"
        accept={PROFILE_PICTURE_TYPES.join(',')}
        className="profile-picture-input"
        aria-label={t('Profile picture file')}
        onChange={chosen}
      />
      <Button
        type="button"
        label={busy ? t('Uploading...') : t('Change Picture')}
        icon="pi pi-upload"
        size="small"
        disabled={busy}
        onClick={() => input.current?.click()}
      />
      {hasPicture ? (
        <Button
          type="button"
          label={t('Remove Picture')}
          icon="pi pi-trash"
          size="small"
          severity="secondary"
          text
          disabled={busy}
          onClick={() => run(removeProfilePicture, t('The picture could not be removed.'))}
        />
      ) : null}
      {error ? (
        <small className="profile-picture-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
