import { initials, safeImage, type AvatarPerson } from '../../lib/avatar';
import { fill } from '../../lib/labels';
import { $savedProfile } from '../../stores/admin-profile';

/**
 * The header's avatar and greeting are the server's HTML (HeaderAccount.astro); when the profile
 * page saves a new name or photo ($savedProfile), they change in place, without a reload.
 */
function draw(group: HTMLElement, person: AvatarPerson): void {
  const photo = safeImage(person.profile);
  let avatar: HTMLElement;
  if (photo) {
    const image = document.createElement('img');
    Object.assign(image, { className: 'app-avatar', src: photo, alt: '', width: 40, height: 40 });
    avatar = image;
  } else {
    avatar = document.createElement('span');
    avatar.className = 'app-avatar';
    avatar.setAttribute('aria-hidden', 'true');
    avatar.textContent = initials(person, group.dataset['tag'] ?? 'en');
  }
  group.querySelector('.app-avatar')?.replaceWith(avatar);
  const greeting = group.querySelector('[data-greeting]');
  if (greeting)
    greeting.textContent = fill(group.dataset['greetingTemplate'] ?? '', { name: person.first_name });
}

const group = document.querySelector<HTMLElement>('[data-header-account]');
if (group) {
  $savedProfile.listen((person) => {
    if (person) draw(group, person);
  });
}
