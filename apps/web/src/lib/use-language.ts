import { defaultLanguage, isLanguage, type Language } from '@backoffice/contracts/languages';
import { useTranslation } from 'react-i18next';

/** The current interface language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}
