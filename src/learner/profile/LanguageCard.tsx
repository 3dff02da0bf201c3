import { FormControlLabel, Radio, RadioGroup, Typography, Box } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from '../../app';
import { profileCalls } from '../../../shared/calls/profile';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { LANGUAGES, type Language } from '../../i18n/language';

const k = (key: string) => `app.profile.language.${key}`;

/** The interface language, kept in the account (and the elp_lang cookie) as well as in this browser. */
export function LanguageCard({ onChanged }: { onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const choose = async (lang: Language) => {
    try {
      await callApi(profileCalls.setLanguage, { params: { lang } });
      setLocale(lang);
      onChanged();
    } catch (e) {
      notify(serverText(e) ?? translate(k('failed')), { type: 'error' });
    }
  };
  return (
    <Box data-testid="profile-language">
      <Typography variant="h6" component="h2">{translate(k('title'))}</Typography>
      <RadioGroup row value={locale} onChange={(e) => void choose(e.target.value as Language)}>
        {LANGUAGES.map((lang) => (
          <FormControlLabel key={lang} value={lang} control={<Radio />} label={translate(k(lang))} />
        ))}
      </RadioGroup>
    </Box>
  );
}
