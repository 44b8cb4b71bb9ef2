import type { JurisdictionCreate } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinos, gameVersionJurisdictions, gameVersions } from '../../db/schema';
import { configService } from '../../lib/config-service';
import { linkedTo, usedBy } from '../../lib/record-usage';
import { createJurisdictionsRepository } from './jurisdictions.repository';

export function createJurisdictionsService(db: Db, repository = createJurisdictionsRepository()) {
  return configService(db, {
    repository,
    entityType: 'jurisdiction',
    notFound: 'RECORD_NOT_FOUND',
    constraints: {
      jurisdictions_name_key: 'JURISDICTION_NAME_TAKEN',
      // A jurisdiction a game version is certified for stays (spec §5: deleted only if not in use).
      game_version_jurisdictions_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_USED_BY_GAME_VERSIONS',
      casinos_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_IN_USE',
    },
    usedBy: (id, scope) => [
      usedBy.gameVersions(
        linkedTo(
          gameVersions.id,
          gameVersionJurisdictions.gameVersionId,
          eq(gameVersionJurisdictions.jurisdictionId, id),
        ),
      ),
      usedBy.casinos(eq(casinos.jurisdictionId, id), scope),
    ],
    toItem: (jurisdiction) => jurisdiction,
    audited: (jurisdiction) => jurisdiction,
    created: ({ name }: JurisdictionCreate) => ({ name }),
    changed: ({ name }: JurisdictionCreate) => ({ name }),
  });
}

export type JurisdictionsService = ReturnType<typeof createJurisdictionsService>;
