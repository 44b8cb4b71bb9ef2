import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endSession, goToSignIn } from '../../../lib/session';

/**
 * /logout (spec §2): ends the session at our server, then at the identity server, which sends the browser
 * back to the app — and so to sign-in.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    let cancelled = false;
    endSession().then(
      (redirectTo) => !cancelled && window.location.assign(redirectTo),
      // Already signed out (or the server is gone): sign-in is where this ends anyway.
      () => !cancelled && goToSignIn(),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader />
        <Text>{t('logout.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
