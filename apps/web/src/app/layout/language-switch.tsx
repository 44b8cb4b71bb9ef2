/**
 * The interface language: one button per language, the current one pressed. Plain buttons rather than a
 * segmented control: the header is on every first page, and its code counts there.
 */
import { languages, type Language } from '@backoffice/contracts/languages';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { useLanguage } from '../../lib/use-language';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Group gap={2} role="group" aria-label={t('app.language')} wrap="nowrap">
      {languages.map((code: Language) => (
        <Button
          key={code}
          size="compact-xs"
          variant={code === language ? 'filled' : 'subtle'}
          aria-pressed={code === language}
          title={t(`app.languages.${code}`)}
          onClick={() => {
            if (code !== language) void changeLanguage(code);
          }}
        >
          {code.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
