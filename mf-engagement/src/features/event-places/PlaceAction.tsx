import type { EventPlace, PageFormName } from '@party/shared-contracts';
import { FormProblem, SubmitButton, useEmailLinkAction } from '@party/shared-ui';
import styles from './YourPlace.module.css';

/** One button of a place's page (cancel, take an offered place): posts the link's token, then shows the place anew. */
export function PlaceAction({
  endpoint,
  pageForm,
  label,
  pendingLabel,
  variant,
  onPlace,
}: {
  endpoint: string;
  pageForm: PageFormName;
  label: string;
  pendingLabel: string;
  variant: 'primary' | 'outline';
  onPlace: (place: EventPlace) => void;
}) {
  const { outcome, problem, formProps, pageFormField } = useEmailLinkAction(
    endpoint,
    'We could not change your place just now. Please try again in a few minutes.',
    { pageForm, onAnswer: (answer) => onPlace(answer as EventPlace) },
  );
  return (
    <form {...formProps} className={styles.action} data-variant={variant}>
      {pageFormField}
      <FormProblem message={outcome.kind === 'failed' ? problem : null} />
      <SubmitButton pending={outcome.kind === 'pending'} label={label} pendingLabel={pendingLabel} />
    </form>
  );
}
