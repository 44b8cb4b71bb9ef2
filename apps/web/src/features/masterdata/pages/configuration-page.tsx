import { useCan } from '../../../lib/session';
import { PageHeader } from '../../../components/page-header';
import { FxRatesSection } from '../components/fx-rates-section';
import { SettingsCard } from '../components/settings-card';

/** The master data configuration: the global defaults, and the exchange rates for those who see reports. */
export function ConfigurationPage() {
  const can = useCan();
  const canChange = can('adjustGameLaunchParameters');
  return (
    <>
      <PageHeader />
      <SettingsCard canChange={canChange} />
      {can('viewReports') && <FxRatesSection canChange={canChange} />}
    </>
  );
}
