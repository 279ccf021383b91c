import { advisors, type Advisor } from './leaders';
import styles from './Leadership.module.css';

const groups: { key: Advisor['group']; heading: string }[] = [
  { key: 'academic', heading: 'Academic advisors' },
  { key: 'practitioner', heading: 'Practitioner advisors' },
];

export function AdvisoryBoard() {
  return (
    <div className={styles.board}>
      {groups.map((group) => (
        <div key={group.key}>
          <h3 className={styles.boardHeading}>{group.heading}</h3>
          <ul className={styles.advisors}>
            {advisors
              .filter((advisor) => advisor.group === group.key)
              .map((advisor) => (
                <li key={advisor.name} className={styles.advisor}>
                  <img src={advisor.image} alt="" width={64} height={64} loading="lazy" />
                  <div>
                    <p className={styles.advisorName}>{advisor.name}</p>
                    <p className={styles.advisorRole}>{advisor.role}</p>
                    <p className={styles.advisorFocus}>{advisor.focus}</p>
                  </div>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
