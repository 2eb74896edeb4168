import type { ActionError } from '../../common/result';

/** An action's error, shown where the action was taken and announced to screen readers. */
export function ErrorLine({ error, id, testId }: { error: ActionError | null; id?: string; testId?: string }) {
  if (!error) return null;
  return (
    <p class="error" role="alert" id={id} data-testid={testId}>
      {error.message}
    </p>
  );
}
