import { initials, safeImage } from '../../lib/avatar';

interface UserAvatarProps {
  user: { first_name: string; last_name: string; profile: string | null };
  /** BCP 47 tag for upper-casing initials. */
  tag: string;
  size?: 'sm' | 'lg';
}

/** The user's photo, or initials. Decorative: the name is always written beside it. */
export default function UserAvatar({ user, tag, size = 'sm' }: UserAvatarProps) {
  const photo = safeImage(user.profile);
  const className = `app-user-avatar app-user-avatar-${size}`;
  const side = size === 'sm' ? 36 : 72;
  return photo ? (
    <img className={className} src={photo} alt="" width={side} height={side} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true">
      {initials(user, tag)}
    </span>
  );
}
