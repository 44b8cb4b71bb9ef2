/**
 * Deleting a player's savegame (for those with player support actions): soft removes only its game
 * state — offered while it still has one —, hard removes all of it; each behind a reason and the typed game id.
 */
import type { PlayerSavegame, SavegameDeletion, SupportPlayer } from '@backoffice/contracts';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDeleteSavegame } from '../api/players-api';
import { ReasonDialog } from './reason-dialog';

export interface SavegameToDelete {
  savegame: PlayerSavegame;
  mode: SavegameDeletion;
}

export function SavegameDeleteButtons({
  savegame,
  onDelete,
}: {
  savegame: PlayerSavegame;
  onDelete: (mode: SavegameDeletion) => void;
}) {
  const { t } = useTranslation();
  const modes: SavegameDeletion[] = savegame.restorable ? ['soft', 'hard'] : ['hard'];
  return (
    <Group gap="xs">
      {modes.map((mode) => (
        <Button
          key={mode}
          size="compact-sm"
          variant="light"
          color={mode === 'hard' ? 'red' : undefined}
          aria-label={t(`support.savegames.${mode}Named`, { gameId: savegame.gameId })}
          onClick={() => onDelete(mode)}
        >
          {t(`support.savegames.${mode}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The dialog of the savegame chosen for deleting (none: closed); the player is fetched again afterwards. */
export function SavegameDeleteDialog({
  player,
  deleting,
  onClose,
}: {
  player: SupportPlayer;
  deleting: SavegameToDelete | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteSavegame(player.casinoId, player.playerId);
  const gameId = deleting?.savegame.gameId ?? '';
  const mode = deleting?.mode ?? 'hard';
  const confirm = (reason: string) =>
    remove.mutate(
      { gameId, input: { mode, reason, confirmation: gameId } },
      {
        onSuccess: () =>
          void notifications.show({
            color: 'green',
            message: t(`support.savegames.${mode}Done`, { gameId }),
          }),
        onSettled: onClose,
      },
    );
  return (
    <>
      {remove.error && <ErrorAlert error={remove.error} />}
      <ReasonDialog
        opened={deleting !== null}
        title={t(`support.savegames.${mode}Title`, { gameId })}
        description={t(`support.savegames.${mode}Text`)}
        confirmText={gameId}
        confirmLabel={t(`support.savegames.${mode}`)}
        danger
        busy={remove.isPending}
        onClose={onClose}
        onConfirm={confirm}
      />
    </>
  );
}
