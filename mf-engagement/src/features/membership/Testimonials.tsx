import { testimonials } from './testimonials';
import styles from './Join.module.css';

export function Testimonials() {
  return (
    <ul className={styles.testimonials}>
      {testimonials.map((testimonial) => (
        <li key={testimonial.name}>
          <figure className={styles.testimonial}>
            <blockquote>
              <p>“{testimonial.quote}”</p>
            </blockquote>
            <figcaption>
              <strong>{testimonial.name}</strong>
              <span>
                {testimonial.place} · {testimonial.tier}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
