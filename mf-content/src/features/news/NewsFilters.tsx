import { Icon } from '../../ui/Icon';
import { newsCategories, type NewsCategoryFilter } from './articles';
import type { NewsFilter } from './filter-articles';
import styles from './News.module.css';

interface NewsFiltersProps {
  filter: NewsFilter;
  onSearch: (search: string) => void;
  onCategory: (category: NewsCategoryFilter) => void;
}

export function NewsFilters({ filter, onSearch, onCategory }: NewsFiltersProps) {
  return (
    <form className={styles.filters} role="search" aria-label="News" onSubmit={(event) => event.preventDefault()}>
      <div className={styles.searchField}>
        <label htmlFor="news-search">Search news</label>
        <span className={styles.searchInput}>
          <Icon name="search" size={18} />
          <input
            id="news-search"
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
    </form>
  );
}
