import { Link } from 'react-router';
import { articleUrl, type NewsArticle } from './articles';
import styles from './News.module.css';

export function ArticleCard({ article }: { article: NewsArticle }) {
  return (
    <li className={styles.card}>
      <img
        src={article.image}
        alt={article.imageAlt}
        width={640}
        height={360}
        loading="lazy"
        className={styles.cardImage}
      />
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>
          <span>{article.date}</span>
        </p>
        <h3>
          <Link to={articleUrl(article)} className={styles.cardLink}>
            {article.title}
          </Link>
        </h3>
        <p className={styles.excerpt}>{article.excerpt}</p>
      </div>
    </li>
  );
}
