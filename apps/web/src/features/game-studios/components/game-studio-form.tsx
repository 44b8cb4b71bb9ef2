import { TextField } from '../../../components/inputs';
import { gameStudioCreateSchema, GAME_STUDIO_NAME_MAX, type GameStudioCreate } from '@backoffice/contracts';

import { useTranslation } from 'react-i18next';
import { RecordForm } from '../../../components/record-form';

interface GameStudioFormProps {
  initialValues: GameStudioCreate;
  submitLabel: string;
  confirmText: (values: GameStudioCreate) => string;
  onSave: (values: GameStudioCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function GameStudioForm({ readOnly = false, ...props }: GameStudioFormProps) {
  const { t } = useTranslation();
  return (
    <RecordForm
      schema={gameStudioCreateSchema}
      fieldErrors={{ GAME_STUDIO_NAME_TAKEN: 'name' }}
      readOnly={readOnly}
      maw={520}
      {...props}
    >
      {(form) => (
        <>
          <TextField
            label={t('gameStudios.fields.name')}
            withAsterisk
            maxLength={GAME_STUDIO_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextField
            label={t('gameStudios.fields.relaxId')}
            description={t('gameStudios.relaxIdHint')}
            maxLength={64}
            readOnly={readOnly}
            key={form.key('relaxId')}
            {...form.getInputProps('relaxId')}
          />
        </>
      )}
    </RecordForm>
  );
}
