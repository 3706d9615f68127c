import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface SearchState {
  search: string;
  setSearch: (value: string) => void;
}

const SearchContext = createContext<SearchState>({ search: '', setSearch: () => undefined });

/** The global search text of the top bar; list screens read it to filter. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState('');
  const value = useMemo(() => ({ search, setSearch }), [search]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useGlobalSearch(): SearchState {
  return useContext(SearchContext);
}
