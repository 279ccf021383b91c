import { useId, useRef, type FormEvent } from 'react';
import { EMPTY_NEWSLETTER_EMAIL, type NewsletterSignupProps } from '@party/shared-contracts';
import { failureDescription, FormProblem, raiseToast, useSchemaForm } from '@party/shared-ui';
import { FormSent } from '../../ui/FormSent';
import styles from './NewsletterSignup.module.css';
import { subscribeToNewsletter } from './newsletter-api';

/**
 * The newsletter sign-up, wherever the site shows it: this remote's Contact page, and the content
 * remote's News page through Module Federation.
 */
export default function NewsletterSignup({ idPrefix, layout, headingLevel }: NewsletterSignupProps) {
  const Heading = `h${headingLevel}` as const;
  const inputId = `${idPrefix}-newsletter-email`;
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.newsletter),
    pageForm: 'newsletter',
    initialValues: { email: '' },
    send: subscribeToNewsletter,
    onSuccess: () =>
      raiseToast({ title: 'Subscribed!', description: "You've successfully subscribed to our newsletter." }),
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Failed to subscribe. Please try again.'),
        variant: 'destructive',
      }),
  });
  const email = form.text('email');

  function subscribe(event: FormEvent<HTMLFormElement>) {
    // An empty address is answered by a toast (docs/product.md, section 8); a malformed one under the field.
    if (!email.value.trim()) {
      event.preventDefault();
      raiseToast({ title: 'Error', description: EMPTY_NEWSLETTER_EMAIL, variant: 'destructive' });
      inputRef.current?.focus();
      return;
    }
    void form.formProps.onSubmit(event);
  }

  return (
    <section className={`${styles.newsletter} ${styles[layout]}`} aria-labelledby={`${idPrefix}-newsletter-heading`}>
      <div className={styles.copy}>
        <Heading id={`${idPrefix}-newsletter-heading`} className={styles.heading}>
          Get the evidence in your inbox
        </Heading>
        <p className={styles.lead}>
          One email a month: new policy papers, research, and where to meet us. No spam; unsubscribe in one click.
        </p>
      </div>
      <form {...form.formProps} onSubmit={subscribe} className={styles.form}>
        {form.pageFormField}
        <FormProblem message={form.problem} />
        <label htmlFor={inputId} className={styles.label}>
          Email address
        </label>
        <div className={styles.row}>
          <input
            ref={inputRef}
            id={inputId}
            name={email.name}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email.value}
            aria-invalid={Boolean(email.error)}
            aria-describedby={email.error ? errorId : undefined}
            onChange={(event) => email.onChange(event.target.value)}
            className={`text-control ${styles.input}`}
          />
          <button
            type="submit"
            disabled={form.pending}
            aria-busy={form.pending}
            className={`button ${layout === 'band' ? 'button-accent' : 'button-primary'} ${styles.subscribe}`}
          >
            {form.pending ? (
              <>
                <span aria-hidden="true">...</span>
                <span className="visually-hidden">Subscribing</span>
              </>
            ) : (
              'Subscribe'
            )}
          </button>
        </div>
        {email.error && (
          <p id={errorId} className={styles.error}>
            {email.error}
          </p>
        )}
        {/* Double opt-in: the address is subscribed once confirmed from the email, so the form says so. */}
        <FormSent sendCount={form.sendCount} title="Almost done">
          Open the link in the email we have just sent you to confirm your subscription.
        </FormSent>
      </form>
    </section>
  );
}
