import { PageFrame, PageHero } from '@party/shared-ui';
import { VolunteerForm } from '../features/volunteer/VolunteerForm';
import { volunteerRoles } from '../features/volunteer/volunteer-roles';
import styles from '../features/volunteer/Volunteer.module.css';

const meta = {
  title: 'Volunteer',
  description:
    'Give the party a few hours a month: canvassing, research, software, design, writing or events. Tell us what you are good at.',
};

export default function VolunteerPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Volunteer"
        heading="Lend us your skills."
        lead="Canvassing, research, design, software, events: tell us what you are good at and when you are free, and we will find you a team."
      />
      <div className={styles.layout}>
        <section aria-labelledby="roles-heading" className={styles.roles}>
          <h2 id="roles-heading" className={styles.rolesHeading}>
            What volunteers do
          </h2>
          <ul>
            {volunteerRoles.map((role) => (
              <li key={role.title}>
                <h3>{role.title}</h3>
                <p>{role.detail}</p>
              </li>
            ))}
          </ul>
        </section>
        <VolunteerForm />
      </div>
    </PageFrame>
  );
}
