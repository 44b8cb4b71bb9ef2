import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { IntegrationsList } from '../components/integrations-list';

export function IntegrationsListPage() {
  const canChange = useCan()('adjustGameLaunchParameters');
  return (
    <IntegrationsList
      linkTo={paths.integrations.detail}
      createPath={canChange ? paths.integrations.create : undefined}
    />
  );
}
