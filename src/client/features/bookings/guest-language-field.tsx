import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/client/components/ui/form';
import { Select } from '@/client/components/ui/select';
import { LANGUAGE_NAMES, LANGUAGES } from '@/content/languages';

/** The language the guest's e-mails are written in, each language named in itself (as the site's switch does). */
export function GuestLanguageField({
  error,
  registration,
}: {
  error?: { message?: string };
  registration: UseFormRegisterReturn<'guest_language'>;
}) {
  return (
    <FormField label="Guest's language" error={error} hint="for their e-mails">
      {(props) => (
        <Select {...props} {...registration}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
