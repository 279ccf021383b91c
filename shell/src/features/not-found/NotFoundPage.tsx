import { useEffect } from 'react';
import { Link } from 'react-router';
import { declarePageMeta, type PageMeta } from '@party/shared-contracts';
import { setPageMeta } from '@party/shared-ui';
import styles from './NotFoundPage.module.css';

const meta: PageMeta = {
  title: 'Page Not Found',
  description: 'The page you asked for does not exist on this site.',
  status: 404,
};

export function NotFoundPage() {
  declarePageMeta(meta);
  useEffect(() => setPageMeta(meta), []);

  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>404 Page Not Found</h1>
      <p className={styles.hint}>Did you forget to add the page to the router?</p>
      <Link to="/" className="button button-primary">
        Back to the home page
      </Link>
    </section>
  );
}
