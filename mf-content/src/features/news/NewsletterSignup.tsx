import { useState, type FormEvent } from 'react';
import { raiseToast } from '@party/shared-contracts';
import styles from './News.module.css';

/**
 * The newsletter form of the News page. Its submission (the gateway endpoint and the shared request)
 * arrives with the engagement issue (#4); until then it checks the field as the spec says and posts
 * to the endpoint, reporting the gateway's answer honestly.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      raiseToast({ title: 'Error', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const response = await fetch('/api/newsletter', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      raiseToast({ title: 'Subscribed!', description: "You've successfully subscribed to our newsletter." });
      setEmail('');
    } catch (error) {
      raiseToast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Failed to subscribe. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.newsletter} onSubmit={subscribe} aria-labelledby="newsletter-heading">
      <div>
        <h3 id="newsletter-heading">Get the evidence in your inbox</h3>
        <p>One email a month: new policy papers, research, and where to meet us. No spam, unsubscribe in one click.</p>
      </div>
      <div className={styles.newsletterFields}>
        <label htmlFor="news-newsletter-email" className={styles.newsletterLabel}>
          Email address
        </label>
        <input
          id="news-newsletter-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@example.com"
        />
        <button type="submit" disabled={pending}>
          {pending ? '...' : 'Subscribe'}
        </button>
      </div>
    </form>
  );
}
