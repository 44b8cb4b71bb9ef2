import { languages, type Language } from '@backoffice/contracts/languages';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { useLanguage } from '../../lib/use-language';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('app.language')}
      value={language}
      onChange={(value) => void changeLanguage(value as Language)}
      data={languages.map((code) => ({
        value: code,
        label: code.toUpperCase(),
        title: t(`app.languages.${code}`),
      }))}
    />
  );
}
