import { Section } from '@party/shared-ui';
import { publicPromise } from './manifesto-summary';
import styles from './Home.module.css';

export function PublicPromise() {
  return (
    <Section
      id="public-promise"
      tone="alt"
      heading="Our Public Promise"
      intro="You own your time, your information and your government. Every service we build is held to three rules."
    >
      <ol className={styles.promises}>
        {publicPromise.map((promise, index) => (
          <li key={promise.title} className={styles.promise}>
            <span className={styles.promiseNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3>{promise.title}</h3>
            <p>{promise.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
