/**
 * Deleting a player's savegame (spec §4): hard removes it, soft removes only the part that restores the
 * game. Each deletion is audited, recorded as a significant event and put on the platform's feed, in one
 * transaction with the deletion.
 */
import type { DeleteSavegameInput, DeleteSavegameResult } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notFoundIn, type Scope } from '../../lib/scope';
import { isoMs, rowsOf, textArray } from '../../lib/sql';
import { recordAudit, type Actor } from '../audit/audit.service';
import { createSignificantEventsRepository } from '../significant-events/significant-events.repository';
import { appendSupportAction } from './support-feed';

export function createSavegamesService(db: Db) {
  const significantEvents = createSignificantEventsRepository();
  return {
    async delete(
      key: { casinoId: string; playerId: string; gameId: string },
      input: DeleteSavegameInput,
      scope: Scope,
      actor: Actor | null,
    ): Promise<DeleteSavegameResult> {
      if (input.confirmation !== key.gameId) throw new AppError('CONFIRMATION_MISMATCH');
      return db.transaction(async (tx) => {
        const visible = scope.unlimited
          ? sql`true`
          : sql`(s.casino_id = any(${textArray(scope.casinoIds)}) or s.integration_id = any(${textArray(scope.integrationIds)}))`;
        const [found] = rowsOf<{ integration_id: string; restorable: boolean; saved_at: string }>(
          await tx.execute(sql`select s.integration_id, s.state is not null as restorable,
              ${isoMs('s.saved_at')} as saved_at
            from savegames s
            where s.casino_id = ${key.casinoId} and s.player_id = ${key.playerId} and s.game_id = ${key.gameId}
              and ${visible}
            for update of s`),
        );
        if (!found) {
          throw await notFoundIn(
            scope,
            'RECORD_NOT_FOUND',
            { type: 'savegame', id: `${key.casinoId}/${key.playerId}/${key.gameId}` },
            async () =>
              rowsOf(
                await tx.execute(sql`select 1 from savegames where casino_id = ${key.casinoId}
                  and player_id = ${key.playerId} and game_id = ${key.gameId}`),
              ).length > 0,
          );
        }
        const where = sql`casino_id = ${key.casinoId} and player_id = ${key.playerId} and game_id = ${key.gameId}`;
        let result: DeleteSavegameResult;
        if (input.mode === 'hard') {
          await tx.execute(sql`delete from savegames where ${where}`);
          result = { mode: 'hard', savegame: null };
        } else {
          if (!found.restorable) throw new AppError('SAVEGAME_NOT_RESTORABLE');
          const [updated] = rowsOf<{ saved_at: string; updated_at: string }>(
            await tx.execute(sql`update savegames set state = null, updated_at = now() where ${where}
              returning ${isoMs('saved_at')} as saved_at, ${isoMs('updated_at')} as updated_at`),
          );
          result = {
            mode: 'soft',
            savegame: {
              gameId: key.gameId,
              savedAt: updated!.saved_at,
              updatedAt: updated!.updated_at,
              restorable: false,
            },
          };
        }
        const entityId = `${key.casinoId}/${key.playerId}/${key.gameId}`;
        await recordAudit(tx, {
          actor,
          entityType: 'savegame',
          entityId,
          action: input.mode === 'hard' ? 'delete' : 'soft-delete',
          before: { restorable: found.restorable, savedAt: found.saved_at },
          after:
            input.mode === 'hard'
              ? null
              : { restorable: false, savedAt: found.saved_at, reason: input.reason },
        });
        await significantEvents.insert(tx, {
          happenedAt: new Date().toISOString(),
          reason: `Savegame of game ${key.gameId} of player ${key.playerId} in casino ${key.casinoId} deleted by support (${input.mode}): ${input.reason}`,
          component: 'player support',
          userName: actor?.name ?? null,
          beforeValue: found.restorable ? 'restorable' : 'not restorable',
          afterValue: input.mode === 'hard' ? 'deleted' : 'game state removed',
          casinoId: key.casinoId,
          createdBy: actor?.id ?? null,
          createdByName: actor?.name ?? null,
        });
        await appendSupportAction(tx, found.integration_id, {
          kind: 'savegame-deleted',
          casinoId: key.casinoId,
          playerId: key.playerId,
          roundId: null,
          startedAt: null,
          status: null,
          booking: null,
          amount: null,
          currency: null,
          bridgeBookingId: null,
          gameId: key.gameId,
          deletion: input.mode,
          reason: input.reason,
        });
        return result;
      });
    },
  };
}

export type SavegamesService = ReturnType<typeof createSavegamesService>;
