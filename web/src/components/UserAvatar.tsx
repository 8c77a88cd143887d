import { Avatar } from 'primereact/avatar';

interface UserAvatarProps {
  username: string;
  picture?: string | null;
  size?: 'normal' | 'large' | 'xlarge';
  className?: string;
  /** Show the first letter instead of the person icon when there is no picture. */
  initial?: boolean;
}

/** A user's picture, or the default icon (or their initial) when they have none. */
export function UserAvatar({ username, picture, size = 'normal', className, initial = false }: UserAvatarProps) {
  if (picture) return <Avatar image={picture} shape="circle" size={size} className={className} imageAlt={username} aria-label={username} />;
  if (initial) return <Avatar label={username.charAt(0).toUpperCase()} shape="circle" size={size} className={className} aria-label={username} />;
  return <Avatar icon="pi pi-user" shape="circle" size={size} className={className} aria-label={username} />;
}
