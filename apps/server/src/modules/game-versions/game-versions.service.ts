/**
 * Game versions on the configuration core: created, changed and deleted at the version read, audited, and
 * activated or deactivated by hand — a CPV mismatch may have deactivated one (issue 14); open rounds are
 * never touched here, they can finish either way (spec §4).
 */
import type {
  GameVersion,
  GameVersionActivation,
  GameVersionCreate,
  GameVersionUpdate,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { configService } from '../../lib/config-service';
import type { Actor } from '../audit/audit.service';
import { createGameVersionsRepository } from './game-versions.repository';

/** What the audit trail compares: the version's own settings, jurisdictions by id, and its state. */
export function auditedVersion(version: GameVersion) {
  return {
    gameId: version.gameId,
    versionNumber: version.versionNumber,
    jurisdictionIds: version.jurisdictions.map((jurisdiction) => jurisdiction.id).sort(),
    betSizes: version.betSizes,
    supportsVouchers: version.supportsVouchers,
    supportsFeatureTriggerVouchers: version.supportsFeatureTriggerVouchers,
    properties: version.properties,
    frontendUrl: version.frontendUrl,
    backendUrl: version.backendUrl,
    active: version.active,
  };
}

/** Bet sizes are kept in ascending order, however they were entered. */
function normalised<T extends { betSizes: number[] }>(input: T): T {
  return { ...input, betSizes: [...input.betSizes].sort((a, b) => a - b) };
}

export function createGameVersionsService(db: Db, repository = createGameVersionsRepository()) {
  const records = configService(db, {
    repository,
    entityType: 'game-version',
    notFound: 'RECORD_NOT_FOUND',
    constraints: {
      game_versions_number_key: 'GAME_VERSION_TAKEN',
      game_versions_game_id_games_game_id_fk: 'GAME_NOT_FOUND',
      game_version_jurisdictions_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_NOT_FOUND',
    },
    toItem: (version: GameVersion) => version,
    audited: auditedVersion,
    created: (input: GameVersionCreate) => normalised(input),
    // A version belongs to its game for good: an update never moves it (the body has no game id).
    changed: (input: Omit<GameVersionUpdate, 'version'>) => normalised(input),
  });

  /** Switching to the state the version already has is refused: the user acted on what they read. */
  const switchTo =
    (active: boolean) =>
    (id: string, { version }: GameVersionActivation, actor: Actor | null): Promise<GameVersion> =>
      records.change(id, version, actor, active ? 'activate' : 'deactivate', (current) => {
        if (current.active === active) {
          throw new AppError(active ? 'GAME_VERSION_ALREADY_ACTIVE' : 'GAME_VERSION_ALREADY_INACTIVE');
        }
        return { active };
      });

  return { ...records, activate: switchTo(true), deactivate: switchTo(false) };
}

export type GameVersionsService = ReturnType<typeof createGameVersionsService>;
