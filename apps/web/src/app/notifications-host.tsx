/** Where notifications appear (top right): loaded with the first notification (providers.tsx). */
import { Notifications } from '@mantine/notifications';

export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
