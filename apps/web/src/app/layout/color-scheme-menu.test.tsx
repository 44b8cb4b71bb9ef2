import type { Language } from '@backoffice/contracts/languages';
import { Button, Menu } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../test/render';
import { applyStoredColorScheme, Providers } from '../providers';
import { ColorSchemeMenu } from './color-scheme-menu';

/**
 * The app's providers (system scheme by default, kept in local storage) around an open menu; shown even
 * though happy-dom lays nothing out, which Mantine would take for a target scrolled away.
 */
function renderMenu() {
  return render(
    <Providers>
      <Menu defaultOpened withinPortal={false} transitionProps={{ duration: 0 }} hideDetached={false}>
        <Menu.Target>
          <Button>menu</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <ColorSchemeMenu />
        </Menu.Dropdown>
      </Menu>
    </Providers>,
  );
}

const checked = (choice: HTMLElement) => choice.getAttribute('aria-checked') === 'true';
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

const texts: Record<Language, { group: string; system: string; light: string; dark: string }> = {
  de: { group: 'Darstellung', system: 'Wie im System', light: 'Hell', dark: 'Dunkel' },
  en: { group: 'Appearance', system: 'Same as system', light: 'Light', dark: 'Dark' },
};

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});
afterEach(() => localStorage.clear());

describe.each(['de', 'en'] as const)('colour scheme in the user menu (%s)', (language) => {
  const text = texts[language];

  it('follows the system until dark is chosen, and keeps dark for the next visit', async () => {
    await setLanguage(language);
    const user = userEvent.setup();
    const first = renderMenu();
    const group = screen.getByRole('group', { name: text.group });
    const choices = within(group).getAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual([text.system, text.light, text.dark]);
    expect(checked(within(group).getByRole('menuitemradio', { name: text.system }))).toBe(true);
    // happy-dom's system is light.
    expect(scheme()).toBe('light');

    await user.click(within(group).getByRole('menuitemradio', { name: text.dark }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    expect(checked(await screen.findByRole('menuitemradio', { name: text.dark }))).toBe(true);
    expect(checked(screen.getByRole('menuitemradio', { name: text.system }))).toBe(false);
    first.unmount();

    // The next visit: the page starts dark before React renders, and the menu shows the choice.
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    applyStoredColorScheme();
    expect(scheme()).toBe('dark');
    renderMenu();
    expect(scheme()).toBe('dark');
    expect(checked(screen.getByRole('menuitemradio', { name: text.dark }))).toBe(true);

    await user.click(screen.getByRole('menuitemradio', { name: text.system }));
    expect(scheme()).toBe('light');
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    applyStoredColorScheme();
    expect(scheme()).toBeNull();
  });
});
