import type { Ref } from 'react';
import { Icon } from '../../ui/Icon';
import { newsCategories, type NewsCategoryFilter } from './articles';
import type { NewsFilter } from './filter-articles';
import styles from './News.module.css';

interface NewsFiltersProps {
  filter: NewsFilter;
  onSearch: (search: string) => void;
  onCategory: (category: NewsCategoryFilter) => void;
  /** Search pressed: the list already shows what was asked for. */
  onSubmit: () => void;
  ref?: Ref<HTMLFormElement>;
}

/**
 * The search and the category, applied as they change. A GET form to the list's own address, so
 * that before the page's code has run (or without it) Search asks the server for the same list.
 */
export function NewsFilters({ filter, onSearch, onCategory, onSubmit, ref }: NewsFiltersProps) {
  return (
    <form
      ref={ref}
      method="get"
      action="#articles"
      data-server-form
      className={styles.filters}
      role="search"
      aria-label="News"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className={styles.searchField}>
        <label htmlFor="news-search">Search news</label>
        <span className={styles.searchInput}>
          <Icon name="search" size={18} />
          <input
            id="news-search"
            name="q"
            type="search"
            value={filter.search}
            placeholder="Search by title or summary"
            onChange={(event) => onSearch(event.target.value)}
          />
        </span>
      </div>
      <div className={styles.categoryField}>
        <label htmlFor="news-category">Category</label>
        <select
          id="news-category"
          name="category"
          className="text-control"
          value={filter.category}
          onChange={(event) => onCategory(event.target.value as NewsCategoryFilter)}
        >
          {newsCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`button button-primary ${styles.searchButton}`}>
        Search
      </button>
    </form>
  );
}
