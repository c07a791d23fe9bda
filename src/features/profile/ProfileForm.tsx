import FormField from '../../components/FormField';
import ImageField from '../../components/ImageField';
import PageForm from '../../components/PageForm';
import { LOCALE_COOKIE } from '../../i18n/locales';
import { preferenceCookie } from '../../lib/preference-cookie';
import { $savedProfile } from '../../stores/admin-profile';
import { showSnackbar } from '../../stores/snackbar';
import { flashCookie } from '../../shared/feedback/flash';
import type { LanguageOption } from '../language/language-options';
import { saveProfile } from './profile-api';
import { ProfileInput, type ProfileData } from '../../shared/profile/profile-input';
import type { ProfileLabels } from './profile-labels';

interface ProfileFormProps {
  profile: ProfileData;
  languages: readonly LanguageOption[];
  labels: ProfileLabels;
}

/**
 * The signed-in admin's own details. A save updates the header at once ($savedProfile); a new
 * language reloads the page in it, with the confirmation carried over as a flash message.
 */
export default function ProfileForm({ profile, languages, labels }: ProfileFormProps) {
  const words = labels.profile;

  function saved(next: ProfileData) {
    $savedProfile.set(next);
    if (next.locale !== profile.locale) {
      const secure = window.location.protocol === 'https:';
      document.cookie = preferenceCookie(LOCALE_COOKIE, next.locale, secure);
      document.cookie = flashCookie('profile.api.saved', 'success', { secure });
      window.location.reload();
      return;
    }
    showSnackbar({ message: words.saved, severity: 'success' });
  }

  return (
    <PageForm
      submitLabel={words.save}
      schema={ProfileInput}
      labels={labels.form}
      validation={labels.validation}
      save={saveProfile}
      onSaved={saved}
    >
      <div className="row g-0 gap-sm-3 flex-sm-nowrap">
        <div className="col-sm">
          <FormField
            name="first_name"
            label={words.firstName}
            autoComplete="given-name"
            defaultValue={profile.first_name}
            required
          />
        </div>
        <div className="col-sm">
          <FormField
            name="last_name"
            label={words.lastName}
            autoComplete="family-name"
            defaultValue={profile.last_name}
            required
          />
        </div>
      </div>
      <FormField
        name="email"
        type="email"
        label={words.email}
        defaultValue={profile.email}
        readOnly
        hint={words.emailHint}
      />
      <FormField
        name="locale"
        label={words.language}
        defaultValue={profile.locale}
        options={languages.map((language) => ({ value: language.code, label: language.name }))}
        hint={words.languageHint}
      />
      <ImageField
        name="profile"
        removeName="remove_profile"
        label={words.photo}
        current={profile.profile}
        labels={labels.image}
      />
    </PageForm>
  );
}
