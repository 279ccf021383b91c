import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { newsCategories, type NewsCategoryFilter } from './articles';
import { initialNewsFilter, type NewsFilter } from './filter-articles';

const isCategory = (value: string | null): value is NewsCategoryFilter =>
  newsCategories.some((category) => category === value);

function filterFromUrl(searchParams: URLSearchParams): NewsFilter {
  const category = searchParams.get('category');
  return {
    search: searchParams.get('q') ?? initialNewsFilter.search,
    category: isCategory(category) ? category : initialNewsFilter.category,
  };
}

/**
 * Search text and category are written to the URL (`?q=…&category=…`) so a filtered view can be
 * shared and survives a reload. The page reads them from the URL once and then keeps its own state:
 * the router applies URL changes in a transition, which would drop keystrokes from a search box
 * controlled by the URL.
 */
export function useNewsFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilterState] = useState(() => filterFromUrl(searchParams));

  const setFilter = (next: NewsFilter) => {
    setFilterState(next);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.search) params.set('q', next.search);
        else params.delete('q');
        if (next.category !== 'All') params.set('category', next.category);
        else params.delete('category');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return {
    filter,
    setSearch: (search: string) => setFilter({ ...filter, search }),
    setCategory: (category: NewsCategoryFilter) => setFilter({ ...filter, category }),
    resetFilter: () => setFilter(initialNewsFilter),
  };
}
