/**
 * Answers the API client's step-up question (issue 15): when the server refuses a dangerous action with
 * 403 STEP_UP_REQUIRED, the user is asked to confirm it is them; once confirmed, the action is sent again.
 * The dialog's code is fetched only then.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { StepUpMethod } from '../../features/users/components/step-up-dialog';
import { onStepUpRequired } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const StepUpDialog = lazy(() =>
  import('../../features/users/components/step-up-dialog').then((module) => ({
    default: module.StepUpDialog,
  })),
);

export function StepUpPrompt() {
  const { secondFactor } = useSession();
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);

  useEffect(() => onStepUpRequired(() => new Promise<boolean>((resolve) => setAnswer(() => resolve))), []);

  if (!answer) return null;
  const method: StepUpMethod = secondFactor.managedByIssuer
    ? 'issuer'
    : secondFactor.enrolled
      ? 'code'
      : 'password';
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        method={method}
        onDone={(confirmed) => {
          setAnswer(null);
          answer(confirmed);
        }}
      />
    </Suspense>
  );
}
