import { Link } from 'react-router';
import { Section } from '@party/shared-ui';
import { Icon } from '../../ui/Icon';
import { ethos, platformTiles, system } from './manifesto-summary';
import styles from './Home.module.css';

export function ManifestoSummary() {
  return (
    <Section
      id="manifesto"
      heading="The Civic Refoundation Manifesto"
      intro="Three commitments, one aim: a state that is as simple to use as it is honest about what it does."
    >
      <div className={styles.columns}>
        <div className={styles.column}>
          <h3>{ethos.title}</h3>
          <p>{ethos.body}</p>
        </div>
        <div className={styles.column}>
          <h3>{system.title}</h3>
          <p>{system.body}</p>
        </div>
        <div className={`${styles.column} ${styles.platformColumn}`}>
          <h3>The Platform</h3>
          <ul className={styles.tiles}>
            {platformTiles.map((tile) => (
              <li key={tile.title} className={styles.tile}>
                <span className={styles.tileIcon}>
                  <Icon name={tile.icon} size={20} />
                </span>
                <span>
                  <strong>{tile.title}</strong>
                  <span className={styles.tileText}>{tile.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className={styles.more}>
        <Link to="/manifesto" className={styles.moreLink}>
          Read Full Manifesto <span aria-hidden="true">→</span>
        </Link>
      </p>
    </Section>
  );
}
