import { useState } from 'react';
import { withBase } from '../lib/basePath';
import './user-avatar.css';

interface UserAvatarProps {
  username: string;
  picture?: string | null;
  size?: 'normal' | 'large' | 'xlarge';
  className?: string;
  /** Show the first letter instead of the person icon when there is no picture. */
  initial?: boolean;
  /** The name is written beside it (in the same link): the picture is then not read out as well. */
  decorative?: boolean;
}

/**
 * A user's picture, or the default icon (or their initial) when they have none (or it
 * fails to load). PrimeReact's Avatar as it renders, same classes, so the theme styles
 * it the same, without its code: home cards show avatars on a first visit.
 */
export function UserAvatar({ username, picture, size = 'normal', className, initial = false, decorative = false }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = picture && failed !== picture ? withBase(picture) : null;
  const classes = [
    'p-avatar p-component p-avatar-circle',
    image ? 'p-avatar-image' : '',
    size === 'large' ? 'p-avatar-lg' : size === 'xlarge' ? 'p-avatar-xl' : '',
    className ?? '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} aria-label={decorative ? undefined : username} aria-hidden={decorative || undefined} data-pc-name="avatar">
      {image ? (
        <img src={image} alt={decorative ? '' : username} onError={() => setFailed(picture ?? null)} />
      ) : initial ? (
        <span className="p-avatar-text">{username.charAt(0).toUpperCase()}</span>
      ) : (
        <span className="p-avatar-icon pi pi-user" />
      )}
    </div>
  );
}
