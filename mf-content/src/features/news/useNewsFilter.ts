import { useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { newsCategories, type NewsCategoryFilter } from './articles';
import { initialNewsFilter, type NewsFilter } from './filter-articles';

const isCategory = (value: string | null | undefined): value is NewsCategoryFilter =>
  newsCategories.some((category) => category === value);

function filterFromUrl(searchParams: URLSearchParams): NewsFilter {
  const category = searchParams.get('category');
  return {
    search: searchParams.get('q') ?? initialNewsFilter.search,
    category: isCategory(category) ? category : initialNewsFilter.category,
  };
}

/** What the filter form's fields hold: typed or chosen before the page's code ran, React does not know it. */
function filterInForm(form: HTMLFormElement, current: NewsFilter): NewsFilter {
  const search = form.elements.namedItem('q') as HTMLInputElement | null;
  const category = (form.elements.namedItem('category') as HTMLSelectElement | null)?.value;
  return { search: search?.value ?? current.search, category: isCategory(category) ? category : current.category };
}

/**
 * Search text and category are written to the URL (`?q=…&category=…`) so a filtered view can be
 * shared and survives a reload, and so that the server renders the same list for the filter form
 * sent without the page's code. The page reads them from the URL once and then keeps its own
 * state: the router applies URL changes in a transition, which would drop keystrokes from a search
 * box controlled by the URL.
 */
export function useNewsFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilterState] = useState(() => filterFromUrl(searchParams));
  const formRef = useRef<HTMLFormElement>(null);

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

  // What the visitor typed or chose while the page's code was on its way takes effect as it arrives.
  useLayoutEffect(() => {
    const entered = formRef.current && filterInForm(formRef.current, filter);
    if (entered && (entered.search !== filter.search || entered.category !== filter.category)) setFilter(entered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form hydrates
  }, []);

  return {
    filter,
    formRef,
    setSearch: (search: string) => setFilter({ ...filter, search }),
    setCategory: (category: NewsCategoryFilter) => setFilter({ ...filter, category }),
    resetFilter: () => setFilter(initialNewsFilter),
  };
}
