import type { GatewayRead } from '@party/shared-ui';
import styles from './Events.module.css';

/** Where events will be: said while they load, and what to do when they could not be. */
export function EventsUnavailable({ load }: { load: GatewayRead<unknown> }) {
  return (
    <p role="status" className={styles.unavailable}>
      {load.state === 'failed' ? (
        <>
          We could not load our events just now. <a href="">Try again</a>
        </>
      ) : (
        'Loading events…'
      )}
    </p>
  );
}
