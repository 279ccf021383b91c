import { ActionLink } from '../../ui/ActionLink';
import styles from './Home.module.css';

export function ClosingCallToAction() {
  return (
    <section className={styles.closing} aria-labelledby="closing-heading">
      <div className={styles.closingInner}>
        <h2 id="closing-heading">Refounding a state takes all of us.</h2>
        <p>Join as a member, give an evening a month as a volunteer, or fund the work with a donation.</p>
        <div className={styles.closingActions}>
          <ActionLink to="/join" tone="accent">
            Become a Member
          </ActionLink>
          <ActionLink to="/volunteer" tone="on-dark">
            Volunteer
          </ActionLink>
          <ActionLink to="/donate" tone="on-dark">
            Donate
          </ActionLink>
        </div>
      </div>
    </section>
  );
}
