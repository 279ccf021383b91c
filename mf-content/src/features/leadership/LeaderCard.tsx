import { Icon } from '../../ui/Icon';
import { leaderSlug } from './leader-slug';
import type { Leader } from './leaders';
import styles from './Leadership.module.css';

export function LeaderCard({ leader }: { leader: Leader }) {
  const slug = leaderSlug(leader.name);
  return (
    <li id={slug} className={styles.leader} aria-labelledby={`${slug}-name`}>
      <img className={styles.portrait} src={leader.image} alt="" width={240} height={240} loading="lazy" />
      <div className={styles.leaderBody}>
        <h3 id={`${slug}-name`}>{leader.name}</h3>
        <p className={styles.title}>{leader.title}</p>
        <p className={styles.bio}>{leader.bio}</p>
        <ul className={styles.social} aria-label={`${leader.name} online`}>
          <li>
            <a href={leader.socialLinks.twitter} rel="noopener noreferrer">
              X (Twitter)
            </a>
          </li>
          <li>
            <a href={leader.socialLinks.linkedin} rel="noopener noreferrer">
              LinkedIn
            </a>
          </li>
          <li>
            <a href={`mailto:${leader.socialLinks.email}`}>
              <Icon name="mail" size={16} />
              Email
            </a>
          </li>
        </ul>
      </div>
    </li>
  );
}
