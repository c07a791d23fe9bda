import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { imageFieldLabelKeys } from '../../components/ImageField';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';

export const profileLabelKeys = {
  firstName: 'users.fields.firstName',
  lastName: 'users.fields.lastName',
  email: 'profile.email',
  emailHint: 'profile.emailHint',
  photo: 'profile.photo',
  language: 'profile.language',
  languageHint: 'profile.languageHint',
  save: 'profile.save',
  saved: 'profile.api.saved',
} as const;

export function profileLabels(t: T) {
  return {
    profile: translate(t, profileLabelKeys),
    form: translate(t, entityFormLabelKeys),
    image: translate(t, imageFieldLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}
export type ProfileLabels = ReturnType<typeof profileLabels>;
