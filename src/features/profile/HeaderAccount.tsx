import { useStore } from '@nanostores/react';
import { initials, safeImage, type AvatarPerson } from '../../lib/avatar';
import { fill } from '../../lib/labels';
import { $savedProfile } from '../../stores/admin-profile';

export const headerAccountLabelKeys = { group: 'shell.account', greeting: 'shell.greeting' } as const;

interface HeaderAccountProps {
  admin: AvatarPerson;
  /** BCP 47 tag for upper-casing initials. */
  tag: string;
  labels: Record<keyof typeof headerAccountLabelKeys, string>;
}

/** The header's avatar and greeting; they follow a profile saved on this page (see $savedProfile). */
export default function HeaderAccount({ admin, tag, labels }: HeaderAccountProps) {
  const person = useStore($savedProfile) ?? admin;
  const photo = safeImage(person.profile);
  return (
    <div className="d-flex align-items-center gap-2" role="group" aria-label={labels.group}>
      {photo ? (
        <img className="app-avatar" src={photo} alt="" width="40" height="40" />
      ) : (
        <span className="app-avatar" aria-hidden="true">
          {initials(person, tag)}
        </span>
      )}
      <span className="d-none d-md-inline fw-medium" data-greeting>
        {fill(labels.greeting, { name: person.first_name })}
      </span>
    </div>
  );
}
