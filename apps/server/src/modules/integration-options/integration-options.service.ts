import type { IntegrationOption, IntegrationOptionCreate } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinoOptionValues, casinos } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { configService } from '../../lib/config-service';
import { linkedTo, usedBy } from '../../lib/record-usage';
import { createIntegrationOptionsRepository } from './integration-options.repository';

export function createIntegrationOptionsService(db: Db, repository = createIntegrationOptionsRepository()) {
  return configService(db, {
    repository,
    entityType: 'integration-option',
    notFound: 'INTEGRATION_OPTION_NOT_FOUND',
    constraints: {
      integration_options_name_key: 'INTEGRATION_OPTION_NAME_TAKEN',
      // A casino gave the option a value between our read and the delete.
      casino_option_values_option_id_integration_options_id_fk: 'INTEGRATION_OPTION_IN_USE',
    },
    toItem: (option) => option,
    // The trail compares what was written, not the derived casino count.
    audited: ({ casinoCount: _casinos, ...option }: IntegrationOption) => option,
    created: (input: IntegrationOptionCreate) => input,
    // No casino may give the option a value while we look whether its data type may change.
    lockOnChange: true,
    changed: (input: IntegrationOptionCreate, current) => {
      // The casinos' values are in the formats of the current type: it stays while any exists.
      if (current.dataType !== input.dataType && current.casinoCount > 0) {
        throw new AppError('INTEGRATION_OPTION_IN_USE');
      }
      return input;
    },
    // The casinos that gave the option a value.
    usedBy: (id, scope) => [
      usedBy.casinos(
        linkedTo(casinos.id, casinoOptionValues.casinoId, eq(casinoOptionValues.optionId, id)),
        scope,
      ),
    ],
    inUse: (option) => (option.casinoCount > 0 ? 'INTEGRATION_OPTION_IN_USE' : undefined),
  });
}

export type IntegrationOptionsService = ReturnType<typeof createIntegrationOptionsService>;
