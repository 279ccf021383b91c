import { useRef } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { ResultCount } from '../../ui/ResultCount';
import card from '../../ui/Card.module.css';
import { ArticleCard } from './ArticleCard';
import { articles } from './articles';
import { filterArticles } from './filter-articles';
import { NewsFilters } from './NewsFilters';
import { useNewsFilter } from './useNewsFilter';

export function NewsList() {
  const { filter, formRef, setSearch, setCategory, resetFilter } = useNewsFilter();
  const shown = filterArticles(articles, filter);
  const countRef = useRef<HTMLParagraphElement>(null);

  return (
    <>
      <NewsFilters
        ref={formRef}
        filter={filter}
        onSearch={setSearch}
        onCategory={setCategory}
        onSubmit={() => countRef.current?.focus()}
      />
      <ResultCount ref={countRef} shown={shown.length} total={articles.length} noun="articles" />
      {shown.length > 0 ? (
        <ul className={card.grid}>
          {shown.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      ) : (
        <EmptyState
          title="No Results Found"
          message="Try adjusting your search or filter to find what you're looking for."
          actionLabel="Reset Filters"
          actionHref="/news#articles"
          onAction={() => {
            resetFilter();
            countRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
