import { socialCards } from '@party/shared-contracts';
import { useParams } from 'react-router';
import { articleBodies } from '../features/news/article-bodies';
import { articleUrl, findArticle } from '../features/news/articles';
import styles from '../features/news/News.module.css';
import { DetailPage } from '../ui/DetailPage';
import { NotFoundNotice } from '../ui/NotFoundNotice';
import { newsArticleData } from '../features/news/article-structured-data';
import { PageFrame } from '@party/shared-ui';

const missingMeta = {
  title: 'Article not found',
  description: 'This news article does not exist or has been moved.',
  status: 404,
} as const;

export default function NewsArticlePage() {
  const article = findArticle(useParams().articleId);

  if (!article) {
    return (
      <PageFrame meta={missingMeta}>
        <NotFoundNotice
          heading="Article not found"
          message="We could not find this article. It may have been moved, or the link may be mistyped."
          backTo="/news"
          backLabel="Back to all news"
        />
      </PageFrame>
    );
  }

  const [lede, ...rest] = articleBodies[article.id] ?? [];
  return (
    <PageFrame
      meta={{
        title: article.title,
        description: article.excerpt,
        type: 'article',
        image: socialCards.news,
        publishedTime: article.published,
        structuredData: newsArticleData(article, articleUrl(article)),
      }}
    >
      <DetailPage backTo="/news" backLabel="All news">
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>
          <span>{article.date}</span>
        </p>
        <h1>{article.title}</h1>
        <p className={styles.byline}>By {article.author}</p>
        <img src={article.image} alt={article.imageAlt} width={640} height={360} className={styles.articleImage} />
        <p className={styles.lede}>{lede}</p>
        {rest.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </DetailPage>
    </PageFrame>
  );
}
