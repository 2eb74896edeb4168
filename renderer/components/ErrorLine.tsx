import type { ActionError } from '../../common/result';
import { t } from '../app/words';
import { Details } from './Details';

/**
 * An action's error, shown where the action was taken and announced to screen readers; its
 * technical detail (a network error's code), when it has one, behind a Details disclosure.
 */
export function ErrorLine({ error, id, testId }: { error: ActionError | null; id?: string; testId?: string }) {
  if (!error) return null;
  return (
    <>
      <p class="error" role="alert" id={id} data-testid={testId}>
        {error.words ? t(error.words.id, error.words.values) : error.message}
      </p>
      {error.detail && <Details text={error.detail} />}
    </>
  );
}
