/**
 * The colour scheme in the user menu: following the system (the default), light or dark, kept in this
 * browser (app/providers.tsx). Loaded with the menu, so it costs the first page no script.
 */
import { CheckIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

const schemes: MantineColorScheme[] = ['auto', 'light', 'dark'];

/** A menu entry that is one of a set of choices: Mantine's item says `menuitem`, whatever is passed. */
const RadioItem = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function RadioItem(props, ref) {
    return <button type="button" ref={ref} {...props} role="menuitemradio" />;
  },
);

export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Menu.Label id={labelId}>{t('app.colorScheme')}</Menu.Label>
      {schemes.map((scheme) => {
        const checked = scheme === colorScheme;
        return (
          <Menu.Item
            key={scheme}
            component={RadioItem}
            aria-checked={checked}
            closeMenuOnClick={false}
            leftSection={<CheckIcon size={10} style={{ visibility: checked ? 'visible' : 'hidden' }} />}
            onClick={() => setColorScheme(scheme)}
          >
            {t(`app.colorSchemes.${scheme}`)}
          </Menu.Item>
        );
      })}
    </div>
  );
}
