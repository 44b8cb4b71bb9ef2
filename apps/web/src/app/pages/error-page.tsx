import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError, errorText } from '../../lib/api-client';
import { NotFoundPage } from '../../components/not-found-page';

/** Shown when a screen fails: the message, and for a 404 the not-found page with its way home. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const message =
    error instanceof ApiError
      ? errorText(error, t)
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : error instanceof Error
          ? error.message
          : t('errors.INTERNAL');
  return (
    <Stack align="flex-start" py="xl" role="alert">
      <Title order={1}>{t('errorPage.title')}</Title>
      <Text>
        <Code>{message}</Code>
      </Text>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('errorPage.reload')}
      </Button>
    </Stack>
  );
}
